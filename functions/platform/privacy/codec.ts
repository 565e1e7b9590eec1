import type { EventCatalogue } from '#events/catalogue.js';
import { mapPersonal, type PersonalMark } from '#events/personal.js';
import type * as z from '#events/zod.js';
import { SubjectErasedError } from '../errors.js';
import type { DataKeys } from './data-keys.js';
import { isSealed, openValue, sealValue, subjectOfSealed } from './field-cipher.js';

interface EventLike {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Seals an event's personal fields before the store hashes and writes it, and opens them after the
 * store reads it: the one place where stored events and the events a fold sees differ. The hash
 * chain covers what is stored, the sealed form, so destroying a key never breaks the audit.
 *
 * Keys are named after streams: a stream's own fields use its key (`project-<id>`); a field marked
 * as another person's (`subject: { field }`) uses that person's account key (`user-<id>`).
 */
export class PersonalDataCodec {
  private built: DataKeys | undefined;

  /**
   * `keys` may be a function that builds them: called on the first event that holds a personal
   * field, so a process that only ever sees events without one needs no KMS nor keys table.
   */
  constructor(
    private readonly catalogue: EventCatalogue,
    private readonly dataKeys: DataKeys | (() => DataKeys),
  ) {}

  private get keys(): DataKeys {
    this.built ??= typeof this.dataKeys === 'function' ? this.dataKeys() : this.dataKeys;
    return this.built;
  }

  /**
   * `newStream`: the stream's first commit, so its own key most likely does not exist yet: it is made
   * with one conditional write instead of a read and then a write.
   */
  async seal<E extends EventLike>(
    streamId: string,
    events: readonly E[],
    options: { newStream?: boolean } = {},
  ): Promise<E[]> {
    return this.sealWith(streamId, events, (event) => this.currentSchema(event.type), {
      newStream: options.newStream,
    });
  }

  /**
   * Events already stored, sealed at the schema version they were written with (the migration of a
   * store written before sealing, app/migrate-sealing.ts): a value already sealed stays as it is. A
   * value whose subject was erased (its key destroyed) is written as its mark's erased value, as every
   * reader would see it: an erasure must not be undone by copying what predates sealing.
   */
  async sealStored<E extends EventLike & { schemaVersion?: number }>(
    streamId: string,
    events: readonly E[],
  ): Promise<{ events: E[]; erased: number }> {
    let erased = 0;
    const sealed = await this.sealWith(streamId, events, (event) => this.storedSchema(event), {
      keepSealed: true,
      onErased: () => (erased += 1),
    });
    return { events: sealed, erased };
  }

  private async sealWith<E extends EventLike>(
    streamId: string,
    events: readonly E[],
    schemaOf: (event: E) => z.ZodMiniType,
    options: { newStream?: boolean; keepSealed?: boolean; onErased?: () => void },
  ): Promise<E[]> {
    // A new event's text is sealed whatever it looks like: one that merely starts like a sealed value
    // (typed by a person) must not be stored in clear, nor be taken for another subject's ciphertext.
    const kept = (value: unknown) => !!options.keepSealed && isSealed(value);
    const subjects = new Set<string>();
    for (const event of events)
      this.walk(event, schemaOf(event), (value, mark, parent) => {
        if (!mark.clear && !kept(value)) subjects.add(subjectFor(streamId, mark, parent));
      });
    if (subjects.size === 0) return [...events];
    const keys = new Map<string, Buffer | null>();
    for (const subject of subjects) {
      try {
        keys.set(
          subject,
          options.newStream && subject === streamId
            ? await this.keys.forNewSubject(subject)
            : await this.keys.forWriting(subject),
        );
      } catch (error) {
        if (!options.onErased || !(error instanceof SubjectErasedError)) throw error;
        keys.set(subject, null);
      }
    }
    return events.map((event) => ({
      ...event,
      data: mapPersonal(schemaOf(event), event.data, (value, mark, parent, path) => {
        if (mark.clear || kept(value)) return value;
        const subject = subjectFor(streamId, mark, parent);
        const key = keys.get(subject);
        if (key) return sealValue(key, subject, `${event.type}.${path}`, value);
        options.onErased?.();
        return mark.erased ?? null;
      }) as E['data'],
    }));
  }

  /**
   * Opens what the reader may read: a value whose key was destroyed reads as the field's erased
   * value (its mark's `erased`), which its schema accepts, so folds, projections and replay go on.
   */
  async open<E extends EventLike & { schemaVersion?: number }>(events: readonly E[]): Promise<E[]> {
    const subjects = new Set<string>();
    for (const event of events) {
      if (!this.catalogue.get(event.type)) continue;
      this.walk(event, this.storedSchema(event), (value) => {
        if (isSealed(value)) subjects.add(subjectOfSealed(value));
      });
    }
    if (subjects.size === 0) return [...events];
    const keys = new Map<string, Buffer | null | undefined>();
    for (const subject of subjects) keys.set(subject, await this.keys.forReading(subject));
    return events.map((event) => {
      if (!this.catalogue.get(event.type)) return event;
      const data = mapPersonal(this.storedSchema(event), event.data, (value, mark, _parent, path) => {
        if (!isSealed(value)) return value;
        const key = keys.get(subjectOfSealed(value));
        return key ? openValue(key, `${event.type}.${path}`, value) : (mark.erased ?? null);
      });
      return { ...event, data: data as E['data'] };
    });
  }

  /**
   * Destroys a subject's key, through this process's keys so that it forgets the key at once; every
   * field sealed under it reads as its erased value from now on. The erasure's path alone.
   */
  destroy(subject: string): Promise<void> {
    return this.keys.destroy(subject);
  }

  /**
   * A fold's state (a stream's snapshot), sealed whole under the stream's own key: a state can hold
   * any of the stream's personal fields, in clear. Throws SubjectErasedError once that key is gone.
   */
  async sealState(streamId: string, name: string, state: unknown): Promise<string> {
    return sealValue(await this.keys.forWriting(streamId), streamId, `snapshot.${name}`, state);
  }

  /** A sealed state, opened; undefined when its key was destroyed (the fold starts from the events). */
  async openState(streamId: string, name: string, sealed: string): Promise<unknown> {
    if (!isSealed(sealed) || subjectOfSealed(sealed) !== streamId) return undefined;
    const key = await this.keys.forReading(streamId);
    return key ? openValue(key, `snapshot.${name}`, sealed) : undefined;
  }

  private walk(
    event: EventLike,
    schema: z.ZodMiniType,
    visit: (value: unknown, mark: PersonalMark, parent: Record<string, unknown>) => void,
  ) {
    mapPersonal(schema, event.data, (value, mark, parent) => {
      visit(value, mark, parent);
      return value;
    });
  }

  private currentSchema(type: string): z.ZodMiniType {
    const definition = this.catalogue.get(type);
    if (!definition) throw new Error(`Unknown event ${type}`);
    return definition.schema;
  }

  /** The schema the event was written with: its personal fields are the ones that version marked. */
  private storedSchema(event: EventLike & { schemaVersion?: number }): z.ZodMiniType {
    const definition = this.catalogue.get(event.type)!;
    const version = event.schemaVersion ?? definition.schemaVersion;
    return version === definition.schemaVersion
      ? definition.schema
      : (definition.older[version]?.schema ?? definition.schema);
  }
}

function subjectFor(streamId: string, mark: PersonalMark, parent: Record<string, unknown>): string {
  if (mark.subject && mark.subject !== 'stream') {
    const account = parent[mark.subject.field];
    if (typeof account === 'string' && account) return `user-${account}`;
  }
  return streamId;
}
