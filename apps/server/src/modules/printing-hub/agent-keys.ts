// The agent keys are hashed in lib/credentials.ts with the other secrets (the seed,
// in db, may not import a module); the printing hub's callers keep this name.
export { createAgentKey, hashAgentKey } from '../../lib/credentials.js';
