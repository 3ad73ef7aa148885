/**
 * An enumeration told once, by its values' names in pt-BR: the labels in their order, and the
 * values as the tuple the schema and the database take (`z.enum`, a text column's `enum`).
 */
export function labelled<const Labels extends Record<string, string>>(labels: Labels) {
  type Value = keyof Labels & string
  return { values: Object.keys(labels) as [Value, ...Value[]], labels }
}
