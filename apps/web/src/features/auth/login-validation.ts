import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@app/contracts';

/** Loaded on demand by the login form (keeps zod out of the login entry). */
export const loginResolver = zodResolver(loginRequestSchema);
