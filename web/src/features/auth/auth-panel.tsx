import { type ComponentType, type ReactNode, type Ref, useEffect, useRef, useState } from 'react'
import { RecoveryForm } from './recovery-form.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { SignUpForm } from './sign-up-form.tsx'
import { SocialButtons } from './social-buttons.tsx'

/** Plain headings for AuthPanel's `Title` outside a dialog. */
export const H1Title = (props: TitleProps) => <h1 {...props} />
export const H2Title = (props: TitleProps) => <h2 {...props} />

export type AuthMode = 'signIn' | 'signUp' | 'recovery'

export type TitleProps = {
  children: ReactNode
  className?: string
  tabIndex?: number
  ref?: Ref<HTMLHeadingElement>
}

// SPEC section 2: the login panel says 'Olá! Já possui uma conta?'; the sign-up invitation
// 'Seja bem vindo! Ainda não possui acesso?' with 'Crie sua conta'.
const TITLES: Record<AuthMode, string> = {
  signIn: 'Olá! Já possui uma conta?',
  signUp: 'Crie sua conta',
  recovery: 'Recuperar senha',
}

type AuthPanelProps = {
  /** The heading element: the dialog's title in the modal, an h1 on the /login page. */
  Title: ComponentType<TitleProps>
  initialMode?: AuthMode
}

/** Sign in, sign up and password recovery, shared by the login modal and the /login page. */
export function AuthPanel({ Title, initialMode = 'signIn' }: AuthPanelProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const switched = useRef(false)

  // A mode switch replaces the form under the user's focus: the new heading takes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mode changes
  useEffect(() => {
    if (switched.current) titleRef.current?.focus()
  }, [mode])

  function switchTo(next: AuthMode) {
    switched.current = true
    setMode(next)
  }

  return (
    <div className="grid md:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="p-6 sm:p-8">
        <Title ref={titleRef} tabIndex={-1} className="pr-8 font-bold text-2xl text-slate-900">
          {TITLES[mode]}
        </Title>
        <div className="mt-5">
          {mode === 'signIn' ? <SignInForm onForgotPassword={() => switchTo('recovery')} /> : null}
          {mode === 'signUp' ? <SignUpForm /> : null}
          {mode === 'recovery' ? (
            <RecoveryForm onSent={() => switchTo('signIn')} onCancel={() => switchTo('signIn')} />
          ) : null}
        </div>
        {mode === 'recovery' ? null : <SocialButtons />}
      </div>
      <aside
        aria-label={mode === 'signUp' ? 'Já tenho conta' : 'Criar conta'}
        className="flex flex-col justify-center gap-4 bg-teal-800 p-6 text-white sm:p-8 md:rounded-r-2xl"
      >
        {mode === 'signUp' ? (
          <>
            <p className="font-bold text-xl">Olá! Já possui uma conta?</p>
            <button
              type="button"
              className="btn bg-white text-teal-900 hover:bg-teal-50 focus-visible:outline-white"
              onClick={() => switchTo('signIn')}
            >
              Entrar
            </button>
          </>
        ) : (
          <>
            <p className="font-bold text-xl">Seja bem vindo! Ainda não possui acesso?</p>
            <button
              type="button"
              className="btn bg-white text-teal-900 hover:bg-teal-50 focus-visible:outline-white"
              onClick={() => switchTo('signUp')}
            >
              Crie sua conta
            </button>
          </>
        )}
      </aside>
    </div>
  )
}
