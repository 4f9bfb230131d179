/** Bundle-size entry: the three tools behind toolwire's `mcpFetchHandler`, a Workers-style module (`export default { fetch }`). */
import { mcpFetchHandler } from '@toolwire/fetch';
import { coldToolwireService } from '../cold/toolwireService';

const { decl, defs } = coldToolwireService();
export default { fetch: mcpFetchHandler(decl, defs) };
