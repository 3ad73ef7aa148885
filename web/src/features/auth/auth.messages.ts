/** SPEC section 8, texts exactly as the institute wrote them. */
export const LOGIN_MESSAGES = {
  failed: 'Erro ao fazer login',
  logoutFailed: 'Erro ao deslogar.',
  registerFailed: 'Erro ao cadastarar',
  loggedIn: 'Logado com sucesso!',
  socialFailed: 'Error ao logar',
  popupBlocked: 'Não foi possível abrir a janela de login. Permita pop-ups para este site e tente de novo.',
} as const
