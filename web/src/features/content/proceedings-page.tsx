import { useQuery } from '@tanstack/react-query'
import { FileDown } from 'lucide'
import type { z } from 'zod'
import type { Proceeding } from '../../../../worker/contract/catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { ListingPage } from '../../components/listing-page.tsx'
import { QueryList } from '../../components/query-status.tsx'
import { proceedingsQuery } from './content.queries.ts'

type ProceedingItem = z.infer<typeof Proceeding>

/** Newest year first, in the API's order inside a year. */
export function groupByYear(items: ProceedingItem[]): [number, ProceedingItem[]][] {
  const years = new Map<number, ProceedingItem[]>()
  for (const item of items) years.set(item.year, [...(years.get(item.year) ?? []), item])
  return [...years.entries()].sort(([a], [b]) => b - a)
}

/** /anais: the proceedings of the institute's conferences, by year, with their files. */
export function ProceedingsPage() {
  const proceedings = useQuery(proceedingsQuery())
  return (
    <ListingPage
      title="Anais"
      intro={
        <>
          Os anais das Jornadas Multiprofissionais em Nefrologia promovidas pelo instituto, com os resumos dos
          trabalhos apresentados.
        </>
      }
    >
      <QueryList
        query={proceedings}
        loading="carregando anais..."
        empty="Nenhum volume de anais publicado ainda."
      >
        {(items) =>
          groupByYear(items).map(([year, items]) => (
            <section key={year} aria-labelledby={`anais-${year}`} className="mt-10">
              <h2 id={`anais-${year}`} className="font-bold text-2xl text-slate-900">
                {year}
              </h2>
              <ul className="mt-4 space-y-4">
                {items.map((item) => (
                  <li
                    key={item.id}
                    className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div>
                      <h3 id={`anal-${item.id}`} className="font-bold text-lg text-slate-900">
                        {item.title}
                      </h3>
                      <p className="mt-1 text-slate-700 text-sm">{item.description}</p>
                    </div>
                    <a
                      href={item.file_url}
                      className="btn btn-outline shrink-0"
                      download
                      aria-describedby={`anal-${item.id}`}
                    >
                      <Icon drawing={FileDown} className="size-4" />
                      Baixar PDF
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))
        }
      </QueryList>
    </ListingPage>
  )
}
