/** A number input's value, or undefined when emptied (an optional field left out). */
export const optionalNumber = (v: string) => (v.trim() === '' ? undefined : Number(v));
