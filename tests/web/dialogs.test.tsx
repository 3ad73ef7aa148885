import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ResourceForm } from '../../web/src/features/admin/form-fields.tsx'
import { useEditor } from '../../web/src/features/admin/resource-form.ts'
import { ConfirmProvider, confirm } from '../../web/src/lib/confirm.tsx'
import { FormModal, FormModalProvider, openModal } from '../../web/src/lib/form-modal.tsx'
import { createQueryClient } from '../../web/src/lib/query-client.ts'

/** A harness inside the app's query client and form modal provider, as the admin screens are. */
function renderInModalProvider(harness: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FormModalProvider>{harness}</FormModalProvider>
    </QueryClientProvider>,
  )
}

describe('confirm()', () => {
  it('asks with the SPEC defaults and resolves true on "Confirmar"', async () => {
    render(<ConfirmProvider />)
    let answer: Promise<boolean> = Promise.resolve(false)
    act(() => {
      answer = confirm()
    })
    const dialog = await screen.findByRole('alertdialog', { name: 'Confimação' })
    expect(dialog.textContent).toContain('Você confirma está ação?')
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }))
    await expect(answer).resolves.toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('resolves false on "Cancelar" and accepts custom texts', async () => {
    let answer: Promise<boolean> = Promise.resolve(true)
    render(
      <>
        <button
          type="button"
          onClick={() => {
            answer = confirm({ title: 'Remover item', text: 'Remover o curso do carrinho?' })
          }}
        >
          Remover
        </button>
        <ConfirmProvider />
      </>,
    )
    const opener = screen.getByRole('button', { name: 'Remover' })
    await userEvent.click(opener)
    expect(await screen.findByRole('alertdialog', { name: 'Remover item' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }))
    await expect(answer).resolves.toBe(false)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(document.activeElement).toBe(opener)
  })
})

function Harness({ onStore, onUpdate }: { onStore: () => void; onUpdate: () => void }) {
  return (
    <FormModalProvider>
      <button type="button" onClick={() => openModal('turmaModal', 'store')}>
        Nova turma
      </button>
      <FormModal id="turmaModal" title="Turma" onStore={onStore} onUpdate={onUpdate}>
        <label>
          Nome <input name="nome" />
        </label>
      </FormModal>
    </FormModalProvider>
  )
}

describe('FormModal', () => {
  it('opens on the open-modal event in store mode and submits with "Cadastrar"', async () => {
    const onStore = vi.fn()
    render(<Harness onStore={onStore} onUpdate={vi.fn()} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    const opener = screen.getByRole('button', { name: 'Nova turma' })
    await userEvent.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Turma' })
    expect(dialog.id).toBe('turmaModal')
    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar' }))
    expect(onStore).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(opener)
  })

  it('shows "Atualizar" in update mode and disables it while loading', async () => {
    const onUpdate = vi.fn()
    render(<Harness onStore={vi.fn()} onUpdate={onUpdate} />)
    act(() => openModal('turmaModal', 'update'))
    const update = (await screen.findByRole('button', { name: 'Atualizar' })) as HTMLButtonElement
    expect(screen.queryByRole('button', { name: 'Cadastrar' })).toBeNull()
    act(() =>
      window.dispatchEvent(new CustomEvent('open-modal', { detail: { id: 'turmaModal', mode: 'load' } })),
    )
    expect(update.disabled).toBe(true)
    expect(update.querySelector('svg.animate-spin')).toBeTruthy()
    await userEvent.click(update)
    expect(onUpdate).not.toHaveBeenCalled()
    act(() => openModal('turmaModal', 'update'))
    expect(update.disabled).toBe(false)
  })

  it('ignores events for other modal ids', async () => {
    render(<Harness onStore={vi.fn()} onUpdate={vi.fn()} />)
    act(() => openModal('outroModal', 'store'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

const Schema = z.object({ name: z.string().min(2) })

function ResourceHarness() {
  const editor = useEditor<{ id: number; version: number; name: string }>('recursoModal')
  return (
    <>
      <button type="button" onClick={editor.create}>
        Novo recurso
      </button>
      <button type="button" onClick={() => editor.edit({ id: 7, version: 1, name: 'Existente' })}>
        Editar recurso
      </button>
      <ResourceForm
        description={{
          modalId: 'recursoModal',
          schema: Schema,
          valuesOf: valuesOfItem,
          path: '/api/admin/recursos',
          success: 'Salvo.',
          title: () => 'Recurso',
          fields: [{ name: 'name', label: 'Nome' }],
        }}
        item={editor.editing}
      />
    </>
  )
}

describe("an admin resource's form modal", () => {
  it("starts blank at each 'Novo', and shows the item at 'Editar'", async () => {
    renderInModalProvider(<ResourceHarness />)
    await userEvent.click(screen.getByRole('button', { name: 'Novo recurso' }))
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Rascunho esquecido')
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Novo recurso' }))
    expect(((await screen.findByRole('textbox', { name: 'Nome' })) as HTMLInputElement).value).toBe('')
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Editar recurso' }))
    expect(((await screen.findByRole('textbox', { name: 'Nome' })) as HTMLInputElement).value).toBe(
      'Existente',
    )
  })
})

describe("an admin form's described fields", () => {
  it('a phone field keeps its hint, tied to the masked input as every field’s is', async () => {
    renderInModalProvider(<PhoneHarness />)
    await userEvent.click(screen.getByRole('button', { name: 'Novo contato' }))
    const phone = await screen.findByRole('textbox', { name: 'Telefone (opcional)' })
    expect(screen.getByText('Com DDD.').id).toBe(phone.getAttribute('aria-describedby'))
    await userEvent.type(phone, '41999998888')
    expect((phone as HTMLInputElement).value).toBe('(41) 99999-8888')
  })
})

const PhoneSchema = z.object({ phone: z.string() })

function PhoneHarness() {
  const editor = useEditor<{ id: number; version: number }>('contatoModal')
  return (
    <>
      <button type="button" onClick={editor.create}>
        Novo contato
      </button>
      <ResourceForm
        description={{
          modalId: 'contatoModal',
          schema: PhoneSchema,
          valuesOf: () => ({ phone: '' }),
          path: '/api/admin/contatos',
          success: 'Salvo.',
          title: () => 'Contato',
          fields: [{ kind: 'phone', name: 'phone', label: 'Telefone (opcional)', hint: 'Com DDD.' }],
        }}
        item={editor.editing}
      />
    </>
  )
}

function valuesOfItem(item: { name: string } | null) {
  return { name: item?.name ?? '' }
}
