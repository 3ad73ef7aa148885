/**
 * The app's icons: Lucide's drawings (the `lucide` package's data, one module per icon, so a page
 * loads only the ones it draws), drawn by one small component: `<Icon drawing={Search} />`.
 * Every icon is decorative (`aria-hidden`) and sized by a class; lucide-react's runtime (a context
 * provider, prop and class merging, accessibility props) weighed 2 KB of the home page's first
 * load for that (decision 009).
 */
import type { IconNode } from 'lucide'
import { createElement, type SVGProps } from 'react'

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>

/** A drawing with Lucide's own SVG attributes (24 × 24, 2 px stroke), hidden from assistive technology. */
export function Icon({ drawing, ...props }: IconProps & { drawing: IconNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {drawing.map(([tag, attributes], index) =>
        // A drawing is a fixed list: its positions are its keys.
        createElement(tag, { key: index, ...attributes }),
      )}
    </svg>
  )
}
