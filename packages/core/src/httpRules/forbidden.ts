/**
 * forbidden: the 403 of a refused `Origin` or `Host`, naming the refused value and the option
 * that admits it (`Forbidden: Host "mybox.local" not allowed — allowedHosts`), so whoever sees
 * it knows what to change; and the server's own line on stderr, once per refused value. A
 * client repeats the same value request after request, so a refusal is built once per value;
 * what is remembered is bounded ({@link MAX_REFUSED_VALUES} values per endpoint, each cut to
 * {@link MAX_SHOWN_CHARS} characters), so a stream of distinct values grows nothing.
 */
import { createWarnOnce } from '../faults/warnOnce';
import type { Warn } from '../faults/warnOnce';
import { HttpRefusals } from './HttpRefusal';
import type { HttpRefusal } from './HttpRefusal';
import { refusalResponse } from '../dispatch/jsonRpc';

/** How many refused values an endpoint remembers (their refusals and the fact they were logged). */
export const MAX_REFUSED_VALUES = 100;

/** How much of a refused value is shown. */
export const MAX_SHOWN_CHARS = 200;

type Header = 'Origin' | 'Host';

const OPTION: Record<Header, string> = { Origin: 'allowedOrigins', Host: 'allowedHosts' };

/** The refusals of one endpoint's Origin and Host rules. */
export class Forbidden {
  private readonly built = new Map<string, HttpRefusal>();
  private readonly warn: Warn;

  /** @param write - where the server's line goes (stderr by default). */
  constructor(write?: (line: string) => void) {
    this.warn = createWarnOnce(MAX_REFUSED_VALUES, write);
  }

  /** The 403 of a refused `Origin` header. */
  origin(value: string): HttpRefusal {
    return this.refusal('Origin', value);
  }

  /** The 403 of a refused `Host` header (`undefined`: the request had none). */
  host(value: string | undefined): HttpRefusal {
    return value === undefined ? HttpRefusals.forbiddenHost : this.refusal('Host', value);
  }

  private refusal(header: Header, value: string): HttpRefusal {
    const key = `${header} ${value}`;
    const known = this.built.get(key);
    if (known) return known;
    const shown = JSON.stringify(value.length > MAX_SHOWN_CHARS ? `${value.slice(0, MAX_SHOWN_CHARS)}…` : value);
    const base = header === 'Origin' ? HttpRefusals.forbiddenOrigin : HttpRefusals.forbiddenHost;
    const refusal: HttpRefusal = Object.freeze({ ...base, body: refusalResponse(`Forbidden: ${header} ${shown} not allowed — ${OPTION[header]}`) });
    this.warn(key, `refused a request (403) with ${header} ${shown}: add it to the ${OPTION[header]} option to admit it`);
    if (this.built.size < MAX_REFUSED_VALUES) this.built.set(key, refusal);
    return refusal;
  }
}
