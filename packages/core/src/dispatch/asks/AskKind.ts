/**
 * AskKind: what a procedure can ask its client — user input (elicitation), a completion from its
 * model (sampling), its roots — and the JSON-RPC method of each.
 */
import { METHOD } from '../../protocol/methodNames';

/** What can be asked, by the client capability it needs. */
export type AskKind = 'elicitation' | 'sampling' | 'roots';

/** The JSON-RPC method of each kind of ask. */
export const ASK_METHODS: Readonly<Record<AskKind, string>> = Object.freeze({
  elicitation: METHOD.elicit,
  sampling: METHOD.sample,
  roots: METHOD.listRoots,
});
