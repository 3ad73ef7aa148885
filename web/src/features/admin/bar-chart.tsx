import { formatBRL } from '../../lib/money.ts'

export type Bar = { label: string; value: number; title?: string }

/**
 * A small bar chart in SVG (no chart library for one picture): bars scale to the largest value,
 * each with its exact figure in a tooltip; the same figures are also given as a table for screen
 * readers and keyboards, since a picture tells neither.
 */
export function BarChart({
  bars,
  caption,
  money = false,
  height = 180,
}: {
  bars: Bar[]
  caption: string
  money?: boolean
  height?: number
}) {
  const max = Math.max(1, ...bars.map((bar) => bar.value))
  const width = Math.max(bars.length * 14, 280)
  const slot = width / Math.max(bars.length, 1)
  const format = (value: number) => (money ? formatBRL(value) : String(value))
  const labelEvery = Math.ceil(bars.length / 8)
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        role="img"
        aria-label={`${caption}: gráfico de barras (os valores estão na tabela a seguir)`}
        className="h-auto w-full"
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#94a3b8" strokeWidth="1" />
        {bars.map((bar, index) => {
          const barHeight = (Math.max(bar.value, 0) / max) * (height - 8)
          return (
            <g key={bar.label}>
              <rect
                x={index * slot + slot * 0.15}
                y={height - barHeight}
                width={slot * 0.7}
                height={barHeight}
                rx="2"
                fill="#0f766e"
              >
                <title>{`${bar.title ?? bar.label}: ${format(bar.value)}`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text
                  x={index * slot + slot / 2}
                  y={height + 16}
                  textAnchor="middle"
                  fontSize="10"
                  fill="#334155"
                >
                  {bar.label}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
      <figcaption className="sr-only">{caption}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-teal-800">Ver os valores em tabela</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Período
              </th>
              <th scope="col" className="py-1 font-semibold">
                Valor
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <td className="py-0.5 pr-4">{bar.title ?? bar.label}</td>
                <td className="py-0.5">{format(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
