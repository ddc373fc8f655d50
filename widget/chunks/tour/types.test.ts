import { expectTypeOf, it } from 'vitest';
import type {
  TourStep as DefinitionStep,
  EndReason,
  TourContent,
} from '../../../server-core/experiences/definition';
import type { TourData, TourEnd, TourStep } from './types';

it('takes the tour definition of server-core as it is (checked by tsc)', () => {
  expectTypeOf<DefinitionStep>().toExtend<TourStep>();
  expectTypeOf<TourContent>().toExtend<TourData>();
  expectTypeOf<EndReason>().toExtend<TourEnd>();
});
