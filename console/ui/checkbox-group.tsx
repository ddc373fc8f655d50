/** A labelled group of checkboxes choosing a subset of `options` (abilities, scopes, event types). */
export function CheckboxGroup<T extends string>(props: {
  legend: string;
  options: readonly T[];
  chosen: readonly T[];
  onChange(next: T[]): void;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option} class="row">
          <input
            type="checkbox"
            checked={props.chosen.includes(option)}
            onChange={(e) =>
              props.onChange(
                e.currentTarget.checked
                  ? [...props.chosen, option]
                  : props.chosen.filter((x) => x !== option),
              )
            }
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}
