import { describeFuzzShard } from './fuzz-suite';
import { FUZZ_SHARDS } from './shards';

describeFuzzShard(2, FUZZ_SHARDS);
