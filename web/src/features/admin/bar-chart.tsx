import { formatBRL } from '../../lib/money.ts'

export type Bar = { label: string; value: number; title?: string }

/**
 * A small bar chart in SVG (no chart library for one picture): bars scale to the largest value,
 * each with its exact figure in a tooltip; the same figures are also given as a table for screen
 * readers and keyboards, since a picture tells neither. Only the bars stretch with the width: the
 * period labels are the page's own text below them (in the SVG they grew with the chart, several
 * times the body text on a desktop), half of them left out on a phone so they never overlap.
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
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${caption}: gráfico de barras (os valores estão na tabela a seguir)`}
        className="block w-full"
        style={{ height }}
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#94a3b8" strokeWidth="1" />
        {bars.map((bar, index) => {
          const barHeight = (Math.max(bar.value, 0) / max) * (height - 8)
          return (
            <rect
              key={bar.label}
              x={index * slot + slot * 0.15}
              y={height - barHeight}
              width={slot * 0.7}
              height={barHeight}
              rx="2"
              fill="#0f766e"
            >
              <title>{`${bar.title ?? bar.label}: ${format(bar.value)}`}</title>
            </rect>
          )
        })}
      </svg>
      <div aria-hidden="true" className="relative mt-1 h-5 overflow-hidden text-slate-700 text-xs">
        {bars.map((bar, index) => {
          if (index % labelEvery !== 0) return null
          const at = ((index + 0.5) / bars.length) * 100
          // Centred under its bar, but never past the chart's edges.
          const anchor = at < 12 ? '' : at > 88 ? '-translate-x-full' : '-translate-x-1/2'
          const phone = (index / labelEvery) % 2 === 1 ? 'hidden sm:inline' : ''
          return (
            <span
              key={bar.label}
              className={`absolute top-0 whitespace-nowrap ${anchor} ${phone}`}
              style={{ left: `${at < 12 ? 0 : at > 88 ? 100 : at}%` }}
            >
              {bar.label}
            </span>
          )
        })}
      </div>
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
