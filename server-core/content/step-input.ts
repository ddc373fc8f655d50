import type { StepInput } from './guide';

/** A step with every field of the Step shape at its default (a click with no capture data), overridden by `extra`. */
export function stepInput(text: string, extra: Partial<StepInput> = {}): StepInput {
  return {
    type: 'click',
    text,
    screenshot: null,
    redactions: [],
    policy_redactions: [],
    smart_blur_suggestions: [],
    annotations: {},
    element: null,
    alerts: [],
    walkthrough: { enabled: true, alternate_text: null, input_placeholder: null },
    input: { masked: false },
    app: null,
    ...extra,
  };
}
