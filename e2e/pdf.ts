import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { OUTPUT_DIR } from './constants';

/** The text pdftotext reads from PDF bytes (the file stays with the run's output, to look at). */
export function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(OUTPUT_DIR, `${name}.pdf`);
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
