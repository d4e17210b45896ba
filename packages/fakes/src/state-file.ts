import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** How long a burst of changes is gathered before the state is written once. */
const SAVE_DELAY_MS = 100;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `[key, value][]` as `Map` entries are written: string keys, object values. */
export function isEntryList(value: unknown): value is [string, Record<string, unknown>][] {
  return Array.isArray(value) && value.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string' && isRecord(entry[1]));
}

/**
 * A fake's saved state: `read` at start, then written after changes (gathered for ~100 ms) and on close. Each write
 * goes to a temporary file that is then renamed over the old one, so a crash leaves the old state or the new, never half.
 */
export class StateFile<Snapshot> {
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    readonly path: string,
    private readonly label: string,
    private readonly take: () => Snapshot,
  ) {}

  /**
   * The saved state, or null when there is no file yet. A file that is not JSON or not this fake's state is an error:
   * starting empty over it would silently lose what it held.
   */
  static read<Snapshot>(path: string, label: string, isSnapshot: (value: unknown) => value is Snapshot): Snapshot | null {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if (isRecord(error) && error.code === 'ENOENT') return null;
      throw error;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`The ${label}'s state file ${path} is corrupt (not JSON: ${error instanceof Error ? error.message : String(error)}); move it away to start empty.`, { cause: error });
    }
    if (!isSnapshot(parsed)) throw new Error(`The ${label}'s state file ${path} is corrupt (not a ${label} state of this version); move it away to start empty.`);
    return parsed;
  }

  /** Something changed: write the state once the burst of changes is over. */
  changed(): void {
    if (this.#closed || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#saveReporting();
    }, SAVE_DELAY_MS);
  }

  /** Writes what is pending now and stops; later changes are not saved. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.save();
  }

  /** Written synchronously, in one go from one snapshot, so two saves never interleave. */
  save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(this.take()));
      renameSync(temporary, this.path);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  /** A save from the timer has no caller to throw to: it is reported, and the next change tries again. */
  #saveReporting(): void {
    try {
      this.save();
    } catch (error) {
      console.error(`The ${this.label} could not save its state to ${this.path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
