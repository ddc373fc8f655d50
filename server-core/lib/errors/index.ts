import { ERROR_CATALOG, type ErrorCode, type ErrorDetails, type NoDetails } from './catalog';

export {
  ERROR_CATALOG,
  ERROR_CODES,
  type ErrorCode,
  type ErrorDetails,
  type ErrorDetailsByCode,
  type Issue,
} from './catalog';

/** Details may be left out when the code's details shape has no required field. */
type DetailsAndMessage<C extends ErrorCode> =
  NoDetails extends ErrorDetails<C>
    ? [details?: ErrorDetails<C>, message?: string]
    : [details: ErrorDetails<C>, message?: string];

/**
 * The one error type of server-core: a code of the catalog and its details. It knows no HTTP; the
 * BFF's error middleware gives each code its status and headers. The message defaults to the
 * catalog's; a throw site gives one when it carries specifics.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly details: ErrorDetails<C>;

  constructor(code: C, ...[details, message]: DetailsAndMessage<C>) {
    super(message ?? ERROR_CATALOG[code].message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details ?? ({} as ErrorDetails<C>);
  }

  /** Narrows to one code, so its details are typed. */
  is<K extends ErrorCode>(code: K): this is DomainError<K> {
    return (this.code as ErrorCode) === code;
  }
}

/** `not_found` naming what was not found, e.g. `notFound('contact')`. */
export const notFound = (what = 'resource') => new DomainError('not_found', {}, `The ${what} was not found.`);
