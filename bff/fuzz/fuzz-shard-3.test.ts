import { describeFuzzShard } from './fuzz-suite';
import { FUZZ_SHARDS } from './shards';

describeFuzzShard(3, FUZZ_SHARDS);
