import { useQuery } from '@tanstack/react-query'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import {
  AdminCourse,
  AdminCoursePage,
  type AdminCourseRow,
  COURSE_SECTION_LABELS,
} from '../../../../worker/contract/admin-catalog.ts'
import { COURSE_SECTIONS } from '../../../../worker/domain/catalog.ts'
import { Link } from '../../components/link.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { toastError } from '../../lib/toast.ts'
import { adminQuery, fetchAdmin, send, useAdminAction, useAdminList } from './admin-api.ts'
import { CourseAssessment } from './assessment-editor.tsx'
import { BundlesPanel } from './bundles-panel.tsx'
import { CouponsPanel } from './coupons-panel.tsx'
import { CourseModules } from './course-content.tsx'
import { COURSE_MODAL_ID, CourseFormModal } from './course-form.tsx'
import { EnumOptions, FilterSelect, SearchInput } from './fields.tsx'
import { ImagesManager } from './images-manager.tsx'
import { AdminPage, QueryState } from './page.tsx'
import { ProductsPanel } from './products-panel.tsx'
import { ResourceList } from './resource-list.tsx'
import { PublishedBadge } from './table.tsx'
import { NewButton, Toolbar, useFilters } from './toolbar.tsx'

const TABS = [
  { id: 'cursos', label: 'Cursos' },
  { id: 'produtos', label: 'Produtos' },
  { id: 'pacotes', label: 'Pacotes' },
  { id: 'cupons', label: 'Cupons' },
] as const
type Tab = (typeof TABS)[number]['id']

/** ARIA tabs: the arrow keys, Home and End move between them (and show the panel). */
function Tabs({ current, onChange }: { current: Tab; onChange: (tab: Tab) => void }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.id === current)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null
    if (next === null) return
    event.preventDefault()
    const tab = TABS[next]!
    onChange(tab.id)
    refs.current[tab.id]?.focus()
  }
  return (
    <div role="tablist" aria-label="Catálogo" className="mb-6 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
      {TABS.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            refs.current[tab.id] = element
          }}
          type="button"
          role="tab"
          id={`aba-${tab.id}`}
          aria-selected={tab.id === current}
          aria-controls={`painel-${tab.id}`}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onChange(tab.id)}
          className={tab.id === current ? 'btn btn-primary' : 'btn btn-outline'}
        >
          {tab.label}
        </button>
      ))}
    </div>
  )
}

/** The course chosen to manage its images, modules and lessons. */
function CourseDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useQuery(adminQuery(['course', id], `/api/admin/cursos/${id}`, AdminCourse))
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return (
    <section
      aria-labelledby="curso-detalhe"
      className="mt-8 rounded-2xl border border-teal-200 bg-teal-50/40 p-4 md:p-6"
    >
      <QueryState query={query}>
        {(course) => (
          <div className="space-y-8">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2
                  id="curso-detalhe"
                  ref={heading}
                  tabIndex={-1}
                  className="font-bold text-2xl text-slate-900"
                >
                  {course.name}
                </h2>
                <p className="text-slate-700">
                  <a className="link" href={`/cursos/${course.url}`} target="_blank" rel="noreferrer">
                    /cursos/{course.url}
                  </a>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {/* The admin routes declare no search schema (the public route tree stays light): untyped here. */}
                <Link
                  to="/admin/$section"
                  params={{ section: 'turmas' }}
                  search={{ curso: course.id } as never}
                  className="btn btn-outline"
                >
                  Turmas do curso
                </Link>
                <button type="button" className="btn btn-outline" onClick={onClose}>
                  Fechar curso
                </button>
              </div>
            </div>
            <ImagesManager
              base={`/api/admin/cursos/${course.id}`}
              images={course.images}
              name={course.name}
            />
            <CourseModules course={course} />
            <CourseAssessment courseId={course.id} />
          </div>
        )}
      </QueryState>
    </section>
  )
}

function CoursesPanel() {
  const { filters, set, params } = useFilters({ q: '', section: '' })
  const [editing, setEditing] = useState<AdminCourse | null>(null)
  const [selected, setSelected] = useState<number | null>(null)
  const act = useAdminAction()
  const list = useAdminList('courses', '/api/admin/cursos', params, AdminCoursePage)

  async function edit(row: AdminCourseRow) {
    try {
      setEditing(await fetchAdmin(`/api/admin/cursos/${row.id}`, AdminCourse))
      openModal(COURSE_MODAL_ID, 'update')
    } catch (error) {
      void toastError(error)
    }
  }

  const togglePublished = (row: AdminCourseRow) =>
    act(
      () =>
        send('PUT', `/api/admin/cursos/${row.id}/publicacao`, {
          is_published: !row.is_published,
          version: row.version,
        }),
      {
        success: row.is_published ? 'Curso despublicado.' : 'Curso publicado.',
        confirmFirst: row.is_published,
      },
    )

  return (
    <div>
      <Toolbar>
        <SearchInput
          label="Pesquisar cursos"
          value={filters.q}
          onChange={set('q')}
          placeholder="Nome ou endereço"
        />
        <FilterSelect label="Seção" all="Todas" value={filters.section} onChange={set('section')}>
          <EnumOptions values={COURSE_SECTIONS} labels={COURSE_SECTION_LABELS} />
        </FilterSelect>
        <NewButton
          label="Novo curso"
          onClick={() => {
            setEditing(null)
            openModal(COURSE_MODAL_ID, 'store')
          }}
        />
      </Toolbar>
      <ResourceList
        list={list}
        description={{
          label: 'Cursos',
          empty: 'Nenhum curso encontrado.',
          pagesOf: 'cursos',
          columns: [
            {
              header: 'Curso',
              cell: (row) => (
                <div className="flex items-center gap-3">
                  {row.image ? (
                    <img
                      src={row.image}
                      alt=""
                      width={48}
                      height={36}
                      className="h-9 w-12 rounded object-cover"
                    />
                  ) : null}
                  <div>
                    <p className="font-medium">{row.name}</p>
                    <p className="text-slate-600 text-xs">/cursos/{row.url}</p>
                  </div>
                </div>
              ),
            },
            { header: 'Seção', cell: (row) => COURSE_SECTION_LABELS[row.section] },
            { header: 'Turmas', cell: (row) => `${row.open_classes} abertas de ${row.classes}` },
            { header: 'Situação', cell: (row) => <PublishedBadge published={row.is_published} /> },
          ],
          actions: (row) => [
            { label: 'Editar', of: row.name, onClick: () => void edit(row) },
            { label: 'Imagens e aulas', of: `de ${row.name}`, onClick: () => setSelected(row.id) },
            {
              label: row.is_published ? 'Despublicar' : 'Publicar',
              of: row.name,
              onClick: () => void togglePublished(row),
            },
          ],
        }}
      />
      {selected !== null ? (
        <CourseDetail key={selected} id={selected} onClose={() => setSelected(null)} />
      ) : null}
      <CourseFormModal course={editing} onSaved={(course) => setSelected(course.id)} />
    </div>
  )
}

/** /admin/course: the catalogue — courses, and the products, bundles and coupons sold with them. */
export default function CoursesPage() {
  const [tab, setTab] = useState<Tab>('cursos')
  return (
    <AdminPage
      title="Cursos"
      description="Cursos com imagens, e-books, módulos e aulas; produtos, pacotes e cupons."
    >
      <Tabs current={tab} onChange={setTab} />
      <div role="tabpanel" id={`painel-${tab}`} aria-labelledby={`aba-${tab}`}>
        {tab === 'cursos' ? <CoursesPanel /> : null}
        {tab === 'produtos' ? <ProductsPanel /> : null}
        {tab === 'pacotes' ? <BundlesPanel /> : null}
        {tab === 'cupons' ? <CouponsPanel /> : null}
      </div>
    </AdminPage>
  )
}
