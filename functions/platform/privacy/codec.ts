import type { EventCatalogue } from '#events/catalogue.js';
import { mapPersonal, type PersonalMark } from '#events/personal.js';
import type * as z from '#events/zod.js';
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
    const subjects = new Set<string>();
    for (const event of events)
      this.walk(event, this.currentSchema(event.type), (_value, mark, parent) => {
        if (!mark.clear) subjects.add(subjectFor(streamId, mark, parent));
      });
    if (subjects.size === 0) return [...events];
    const keys = new Map<string, Buffer>();
    for (const subject of subjects)
      keys.set(
        subject,
        options.newStream && subject === streamId
          ? await this.keys.forNewSubject(subject)
          : await this.keys.forWriting(subject),
      );
    return events.map((event) => ({
      ...event,
      data: mapPersonal(this.currentSchema(event.type), event.data, (value, mark, parent, path) => {
        if (mark.clear) return value;
        const subject = subjectFor(streamId, mark, parent);
        return sealValue(keys.get(subject)!, subject, `${event.type}.${path}`, value);
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
