import { useMemo } from 'react'
import type { FieldValues } from 'react-hook-form'
import { FieldShell, INPUT_CLASS, TextField } from '../../lib/form-field.tsx'
import { type AnyForm, errorAt, path, TickBox } from './checkout-fields.tsx'

/** Codes the browser names that are no country of a buyer (groupings, pseudo-locales, Brazil itself). */
const NOT_A_COUNTRY = new Set([
  'AC',
  'BR',
  'CP',
  'DG',
  'EA',
  'EU',
  'EZ',
  'IC',
  'QO',
  'TA',
  'UK',
  'UN',
  'XA',
  'XB',
  'ZZ',
])

/**
 * Every country by its ISO 3166-1 code, named in Portuguese by the browser's own data (no list
 * shipped with the page), in alphabetical order.
 */
function countries(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'none' })
  const found: { code: string; name: string }[] = []
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second)
      const name = NOT_A_COUNTRY.has(code) ? undefined : names.of(code)
      if (name) found.push({ code, name })
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
}

/**
 * A buyer with a passport who lives abroad (issue 43, item 5): the address outside Brazil, for the
 * nota fiscal's foreign taker, sent as `estrangeiro`. The billing address the payment asks for
 * stays as it is.
 */
export function ForeignBuyerFields<T extends FieldValues, V extends FieldValues>({
  form,
}: {
  form: AnyForm<T, V>
}) {
  const { register, watch } = form
  const at = path<T>
  const abroad = Boolean(watch(at('foreign.enabled')))
  const list = useMemo(() => (abroad ? countries() : []), [abroad])
  const error = (name: string) => errorAt(form, `foreign.${name}`)
  return (
    <TickBox
      label="Moro fora do Brasil"
      detail="A nota fiscal de serviço (NFS-e) sai para o seu endereço no exterior."
      registration={register(at('foreign.enabled'))}
    >
      {abroad ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-6">
          <FieldShell label="País" error={error('pais')} className="sm:col-span-3">
            {(ids) => (
              <select
                {...ids}
                autoComplete="country"
                className={INPUT_CLASS}
                {...register(at('foreign.pais'))}
              >
                <option value="">Escolha o país</option>
                {list.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          <TextField
            label="Código postal"
            autoComplete="postal-code"
            className="sm:col-span-3"
            error={error('codigo_postal')}
            {...register(at('foreign.codigo_postal'))}
          />
          <TextField
            label="Endereço no exterior"
            autoComplete="street-address"
            className="sm:col-span-6"
            error={error('endereco')}
            {...register(at('foreign.endereco'))}
          />
          <TextField
            label="Cidade no exterior"
            autoComplete="address-level2"
            className="sm:col-span-3"
            error={error('cidade')}
            {...register(at('foreign.cidade'))}
          />
          <TextField
            label="Estado, província ou região (opcional)"
            autoComplete="address-level1"
            className="sm:col-span-3"
            error={error('regiao')}
            {...register(at('foreign.regiao'))}
          />
          <TextField
            label="Número fiscal no seu país (opcional)"
            autoComplete="off"
            className="sm:col-span-6"
            hint="Ex.: o NIF, em Portugal."
            error={error('nif')}
            {...register(at('foreign.nif'))}
          />
        </div>
      ) : null}
    </TickBox>
  )
}
