/**
 * Faithful fakes of the outside services (payment provider, bank link), for tests and the demo:
 * they speak the real wire protocol so the official SDKs run against them unchanged.
 */
export {};
