import type * as z from './zod.js';
import type { EventEnvelope, NewEvent } from './envelope.js';

/**
 * One event type: its current schema, plus every older schema version with the upcaster that lifts
 * data of that version to the next. Stored events are never rewritten; they are upcast when read.
 */
export interface EventDefinition<T extends string = string, S extends z.ZodMiniType = z.ZodMiniType> {
  type: T;
  schemaVersion: number;
  schema: S;
  older: Record<number, { schema: z.ZodMiniType; upcast: (data: any) => unknown }>;
  /** Builds the event a decider returns, checked against the current schema. */
  create(data: z.input<S>): NewEvent<T, z.output<S>>;
}

/**
 * Call it as `export const X = /* @__PURE__ *\/ defineEvent(...)`: a definition nobody imports then
 * leaves the bundle, so a handler carries only the event types it names (esbuild honours a
 * `@__NO_SIDE_EFFECTS__` annotation on the function within its own file only).
 */
export function defineEvent<T extends string, S extends z.ZodMiniType>(
  type: T,
  schema: S | (() => S),
  options: { schemaVersion?: number; older?: EventDefinition['older'] } = {},
): EventDefinition<T, S> {
  // Built on first use, not at import: a Lambda pays only for the event types it reads or writes.
  let built: S | undefined = typeof schema === 'function' ? undefined : schema;
  const current = () => (built ??= (schema as () => S)());
  return {
    type,
    schemaVersion: options.schemaVersion ?? 1,
    get schema() {
      return current();
    },
    older: options.older ?? {},
    create: (data) => ({ type, data: current().parse(data) as z.output<S> }),
  };
}

/** The event a definition builds: `EventOf<typeof ProjectSubmitted>` is `{ type: 'ProjectSubmitted'; data: … }`. */
export type EventOf<D extends EventDefinition<string, any>> = ReturnType<D['create']>;

/**
 * A stored event `V` read as one of the events `E` (a feature's union of `EventOf`s), so that a
 * switch on its `type` types its `data`. A fold casts to it once: the store upcasts every event to
 * its type's current schema before a fold sees it, and a type outside `E` reaches the default case,
 * which reads no data.
 */
export type OneOf<E extends NewEvent, V extends NewEvent> = E extends NewEvent ? Omit<V, 'type' | 'data'> & E : never;

/** Whether a stored event is of `definition`'s type: if so, its `data` is typed by the current schema. */
export function isEvent<V extends NewEvent, D extends EventDefinition<string, any>>(
  event: V,
  definition: D,
): event is V & EventOf<D> {
  return event.type === definition.type;
}

export class UnknownEventError extends Error {
  constructor(
    readonly type: string,
    readonly schemaVersion: number,
  ) {
    super(`Unknown event ${type} v${schemaVersion}`);
  }
}

export class EventCatalogue {
  private readonly definitions = new Map<string, EventDefinition>();

  register(...definitions: EventDefinition[]): this {
    for (const definition of definitions) {
      if (this.definitions.has(definition.type)) throw new Error(`Event ${definition.type} registered twice`);
      this.definitions.set(definition.type, definition);
    }
    return this;
  }

  get(type: string): EventDefinition | undefined {
    return this.definitions.get(type);
  }

  types(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Validates an event's data against the schema of the version it was written with, then upcasts it
   * step by step to the current version. Throws on an unknown type or version, or invalid data.
   */
  upcast<E extends EventEnvelope>(event: E): E {
    const definition = this.definitions.get(event.type);
    if (!definition) throw new UnknownEventError(event.type, event.schemaVersion);
    if (event.schemaVersion === definition.schemaVersion) {
      return { ...event, data: definition.schema.parse(event.data) as E['data'] };
    }
    let data: unknown = event.data;
    for (let version = event.schemaVersion; version < definition.schemaVersion; version += 1) {
      const step = definition.older[version];
      if (!step) throw new UnknownEventError(event.type, version);
      data = step.upcast(step.schema.parse(data));
    }
    return { ...event, data: definition.schema.parse(data) as E['data'] };
  }

  /** The schema version new events of this type are written with. */
  currentVersion(type: string): number {
    const definition = this.definitions.get(type);
    if (!definition) throw new UnknownEventError(type, 0);
    return definition.schemaVersion;
  }
}
