import type { SortingDoor } from '../sorting/index.js';
import type { WorkflowsRepository } from './workflows.repository.js';

// What a step's facts loaders and effects are given (docs/DECISIONS.md "Guided workflows"):
// sorting's door and the workflows' repository over the step's transaction, the caller and
// the step's clock. Its own file, so that the engine, the effects and the definitions' loaders
// import it without importing each other.

/** What a facts loader is given. */
export interface WorkflowPorts {
  door: SortingDoor;
  repository: WorkflowsRepository;
  userId: number;
  now: Date;
}

/** What an effect is given: the loader's ports and the step's warehouse. */
export interface EffectPorts extends WorkflowPorts {
  warehouseId: number;
}
