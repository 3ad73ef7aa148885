import { formatBRL } from '../../lib/money.ts'

/** An order's lines (name and net value), as the order page and the student's purchases list them. */
export function OrderLines({
  items,
  className,
}: {
  items: readonly { name: string; net_value: number }[]
  /** The list's margin and dividers. */
  className: string
}) {
  return (
    <ul className={className}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never reorder
        <li key={index} className="flex justify-between gap-4 py-1.5">
          <span className="min-w-0 wrap-anywhere text-slate-900">{item.name}</span>
          <span className="whitespace-nowrap font-semibold">{formatBRL(item.net_value)}</span>
        </li>
      ))}
    </ul>
  )
}
