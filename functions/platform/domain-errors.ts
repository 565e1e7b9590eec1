/** A command refused by the rules of the domain. Handlers turn `code` into the HTTP status. */
/** `LIMIT_REACHED`: a count the domain caps (notes per version) is full, answered 429 like a quota. */
export type DomainErrorCode = 'INVALID' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'GONE' | 'LIMIT_REACHED';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('INVALID', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message: string) => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const limitReached = (message: string) => new DomainError('LIMIT_REACHED', message);
