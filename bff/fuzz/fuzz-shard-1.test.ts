import { describeFuzzShard } from './fuzz-suite';
import { FUZZ_SHARDS } from './shards';

describeFuzzShard(1, FUZZ_SHARDS);
