// One shard of the node_modules sweep (see robustness.ts); `npm run test:slow` runs them all.
import { sweepShard } from "./robustness.js";

sweepShard(2);
