// main.ts imports this module first, so the command restarts with its young generation (young-generation.ts)
// before the rest of it is loaded: what would be loaded twice is this and node itself.
import { restartWithYoungGeneration } from './young-generation.js';

restartWithYoungGeneration();
