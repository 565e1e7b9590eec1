import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ulid } from 'ulid';
import type { EventEnvelope } from '../../events/envelope.js';

/** An event a consumer failed on every attempt, as the embedded bus keeps it. */
export interface DeadLetter {
  id: string;
  /** The consumer (subscription) that failed it: a row of `consumers` in infra/routes.ts. */
  subscription: string;
  event: EventEnvelope;
  /** The last attempt's error message. */
  error: string;
  /** Deliveries so far, retries and redrives included. */
  attempts: number;
  failedAt: string;
}

/**
 * The embedded runtime's dead-letter queue. In memory for tests; with a directory (`.data/dead-letters`
 * under `npm start`) one JSON file per letter, so a letter survives a restart and an operator can see
 * it even while nothing runs. `entries` is the live list.
 */
export class DeadLetterStore {
  readonly entries: DeadLetter[] = [];

  constructor(readonly directory?: string) {
    if (!directory) return;
    mkdirSync(directory, { recursive: true });
    for (const name of readdirSync(directory)
      .filter((file) => file.endsWith('.json'))
      .sort()) {
      try {
        this.entries.push(JSON.parse(readFileSync(join(directory, name), 'utf8')) as DeadLetter);
      } catch {
        // A half-written file from a crash: the event is still in the store, and replay or catch-up applies it.
      }
    }
  }

  async add(letter: Omit<DeadLetter, 'id' | 'failedAt'> & { id?: string }): Promise<DeadLetter> {
    const stored: DeadLetter = { ...letter, id: letter.id ?? ulid(), failedAt: new Date().toISOString() };
    this.entries.push(stored);
    if (this.directory) await writeFile(join(this.directory, `${stored.id}.json`), JSON.stringify(stored, null, 2));
    return stored;
  }

  get(id: string): DeadLetter | undefined {
    return this.entries.find((letter) => letter.id === id);
  }

  async remove(id: string): Promise<DeadLetter | undefined> {
    const index = this.entries.findIndex((letter) => letter.id === id);
    if (index < 0) return undefined;
    const [letter] = this.entries.splice(index, 1);
    if (this.directory) await rm(join(this.directory, `${id}.json`), { force: true });
    return letter;
  }
}
