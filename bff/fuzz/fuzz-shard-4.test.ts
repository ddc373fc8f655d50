import { describeFuzzShard } from './fuzz-suite';
import { FUZZ_SHARDS } from './shards';

describeFuzzShard(4, FUZZ_SHARDS);
