/**
 * English for the product's own fixed messages (toasts), reviewed and shipped with the app: no
 * translation call for them. Keys are the pt-BR texts exactly as the app shows them
 * (tests/web/i18n.test.ts checks that every fixed message has an entry here).
 */
const catalogue: Readonly<Record<string, string>> = {
  'Erro ao executar': 'Something went wrong',
  'Erro ao pesquisar produtos': 'Error searching products',
  'Erro ao carregar listas': 'Error loading the lists',
  'Usuário ou senha incorreta': 'Incorrect username or password',
  'Muitas tentativas, aguarde um minuto.': 'Too many attempts, please wait a minute.',
  'Erro ao fazer login': 'Error logging in',
  'Erro ao deslogar.': 'Error logging out.',
  'Não encontramos seu e-mail em nossa base de dados!': 'We could not find your e-mail in our database!',
  'Enviamos seu link de redefinição de senha por e-mail!': 'We have e-mailed you your password reset link!',
  'Erro ao cadastarar': 'Error signing up',
  'Erro ao atualizar senha do usuário.': "Error updating the user's password.",
  'Produto não encontrado': 'Product not found',
  'CPF inválido': 'Invalid CPF',
  'Número da rua incorreto': 'Incorrect street number',
  'forma de pagamento inválida': 'invalid payment method',
  'erro ao executar a compra': 'error completing the purchase',
  'Ocorreu um erro ao validar cartão de crédito!': 'An error occurred while validating the credit card!',
  'erro ao adicionar item no carrinho': 'error adding the item to the cart',
  'erro ao remover item do carrinho': 'error removing the item from the cart',
  'erro ao aplicar cupom': 'error applying the coupon',
  'Adicionado ao carrinho com sucesso!': 'Added to cart successfully!',
  'Removido do carrinho com sucesso!': 'Removed from cart successfully!',
  'Cupom aplicado com sucesso!': 'Coupon applied successfully!',
  'Erro ao buscar dados.': 'Error fetching data.',
  'erro ao pegar horários.': 'error fetching the schedule.',
  'Erro ao pegar plano': 'Error fetching the plan',
  'Erro ao buscar cursos': 'Error fetching courses',
  'Logado com sucesso!': 'Logged in successfully!',
  'Error ao logar': 'Error logging in',
  'Não foi possível abrir a janela de login. Permita pop-ups para este site e tente de novo.':
    'The login window could not be opened. Allow pop-ups for this site and try again.',
  'Este link de redefinição é inválido ou expirou. Peça um novo.':
    'This reset link is invalid or has expired. Request a new one.',
  'Senha redefinida com sucesso! Entre com a nova senha.':
    'Password reset successfully! Log in with the new password.',
  'Cadastro realizado com sucesso!': 'Signed up successfully!',
  'Este e-mail já está cadastrado.': 'This e-mail is already registered.',
  'Senha atualizada com sucesso!': 'Password updated successfully!',
  'A senha atual está incorreta!': 'The current password is incorrect!',
  'Favor inseirir a senha atual!': 'Please enter the current password!',
  'Favor inseirir a nova senha!': 'Please enter the new password!',
  'Favor inseirir a repetir a nova senha!': 'Please enter the new password again!',
  'A Nova senha deve possuir mais de 6 caracteres!': 'The new password must have more than 6 characters!',
  'Favor repetir a nova senha!': 'Please repeat the new password!',
  'Login com Instagram não está disponível.': 'Login with Instagram is not available.',
  'Este login social não está disponível no momento.': 'This social login is not available right now.',
  'Não foi possível concluir o login. Tente novamente.':
    'The login could not be completed. Please try again.',
  'O provedor não informou seu e-mail. Cadastre-se com e-mail e senha.':
    'The provider did not share your e-mail. Sign up with e-mail and password.',
  'Este e-mail já tem conta. Entre com e-mail e senha.':
    'This e-mail already has an account. Log in with e-mail and password.',
  'Envie uma imagem JPG, PNG ou WebP.': 'Upload a JPG, PNG or WebP image.',
  'A foto deve ter no máximo 2 MB.': 'The photo must be at most 2 MB.',
  'Escolha uma foto para enviar.': 'Choose a photo to send.',
  'Foto atualizada com sucesso!': 'Photo updated successfully!',
  'Erro ao enviar a foto.': 'Error uploading the photo.',
  'Dados atualizados com sucesso!': 'Details updated successfully!',
  'Erro ao atualizar os dados.': 'Error updating the details.',
  'Carrinho não encontrado. Ele pode ter expirado.': 'Cart not found. It may have expired.',
  'Este item não está disponível para compra.': 'This item is not available for purchase.',
  'Cupom inválido, expirado ou que não vale para os itens do carrinho.':
    'Invalid or expired coupon, or one that does not apply to the items in the cart.',
  'Cupons não valem junto com o preço de estudante.': 'Coupons cannot be combined with the student price.',
  'Produto não disponivel': 'Product not available',
  'O documento de estudante enviado com este carrinho não está mais guardado (ele fica um dia). Envie-o de novo no carrinho para manter o preço de estudante.':
    'The student document sent with this cart is no longer kept (it is kept for one day). Send it again in the cart to keep the student price.',
  'Informe o endereço de quem paga: o boleto registrado leva o endereço do pagador.':
    "Enter the payer's address: a registered boleto carries the payer's address.",
  'O valor do pedido mudou. Atualize a página e confira o carrinho antes de pagar.':
    'The order total has changed. Reload the page and check the cart before paying.',
  'Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.':
    'Payment declined by the card issuer. Check the details or use another card.',
  'Não foi possível falar com o meio de pagamento. Nada foi cobrado; tente novamente.':
    'The payment provider could not be reached. Nothing was charged; please try again.',
  'número do cartão inválido': 'invalid card number',
  'nome do portador inválido': 'invalid cardholder name',
  'data de expiração inválido': 'invalid expiry date',
  'código de segurança inválido': 'invalid security code',
  'Não foi possível copiar. Selecione o texto e copie.': 'Could not copy. Select the text and copy it.',
  'Não foi possível simular o pagamento.': 'The payment could not be simulated.',
  'Erro ao enviar o documento de estudante.': 'Error uploading the student document.',
  'Erro ao atualizar o carrinho.': 'Error updating the cart.',
  'Documento enviado: o preço de estudante foi aplicado.': 'Document sent: the student price was applied.',
  'Documento enviado: o preço de estudante foi aplicado e os cupons foram retirados.':
    'Document sent: the student price was applied and the coupons were removed.',
  'Mensagem enviada com sucesso': 'Message sent successfully',
  'Dados incorreto(s)': 'Incorrect data',
  Nome: 'Name',
  'E-mail': 'E-mail',
  Telefone: 'Phone',
  Descrição: 'Description',
  'Recebemos muitas mensagens seguidas deste endereço. Tente de novo em alguns minutos ou escreva para contato@institutorenalis.com.br.':
    'We received many messages in a row from this address. Try again in a few minutes or write to contato@institutorenalis.com.br.',
  'Programação ajustada: quem assiste acompanha em segundos.':
    'Schedule adjusted: viewers follow within seconds.',
  'Muitas solicitações seguidas. Aguarde alguns minutos e tente de novo.':
    'Too many requests in a row. Wait a few minutes and try again.',
  'Serviço temporariamente indisponível. Tente novamente em instantes.':
    'Service temporarily unavailable. Please try again shortly.',
  'Sua sessão expirou ou a requisição veio de outro site. Recarregue a página.':
    'Your session expired or the request came from another site. Reload the page.',
  // Payments, refunds and the Worker's answer when a dependency is away
  'Pagamento recusado pela operadora do cartão': 'Payment declined by the card issuer',
  'Estamos com instabilidade e o pagamento não foi feito: nada foi cobrado. Tente novamente em instantes.':
    'We are having trouble and the payment was not made: nothing was charged. Please try again shortly.',
  'Seu pagamento foi aprovado, mas estamos com instabilidade para registrá-lo. Não feche esta página nem pague de novo: clique em pagar em instantes para concluir o pedido, sem nova cobrança.':
    'Your payment was approved, but we are having trouble recording it. Do not close this page or pay again: click pay in a moment to complete the order, with no new charge.',
  'Não conseguimos confirmar o pagamento com a operadora. Tente novamente em instantes: você não será cobrado duas vezes.':
    'We could not confirm the payment with the card issuer. Please try again shortly: you will not be charged twice.',
  'Este pagamento ainda está sendo processado. Aguarde alguns segundos e tente novamente.':
    'This payment is still being processed. Wait a few seconds and try again.',
  'Informe o endereço de cobrança: a operadora do cartão precisa dele para aprovar a compra.':
    'Enter the billing address: the card issuer needs it to approve the purchase.',
  'Esta tentativa de pagamento já foi usada com outro carrinho ou outro comprador. Confira o carrinho e pague novamente.':
    'This payment attempt was already used with another cart or another buyer. Check the cart and pay again.',
  'O cupom aplicado atingiu o limite de usos. Remova o cupom do carrinho e tente novamente.':
    'The applied coupon has reached its usage limit. Remove the coupon from the cart and try again.',
  'O pagamento está indisponível no momento. Tente novamente mais tarde.':
    'Payment is unavailable right now. Please try again later.',
  'Estamos com instabilidade. Tente novamente em instantes.':
    'We are having trouble. Please try again shortly.',
  'Rede social vinculada ao seu perfil!': 'Social network linked to your profile!',
  'Não foi possível vincular a rede social.': 'The social network could not be linked.',
  'Escolha a forma de pagamento.': 'Choose the payment method.',
  'Forma de pagamento inválida.': 'Invalid payment method.',
  'Boleto não disponível para este carrinho.': 'Boleto is not available for this cart.',
  'Número de parcelas inválido.': 'Invalid number of instalments.',
  'Parcelamento disponível apenas no cartão de crédito.':
    'Instalments are available only with a credit card.',
  'Valor da doação inválido.': 'Invalid donation amount.',
  'Este pedido não tem cobrança no meio de pagamento (foi pago fora do site ou registrado à mão): não há o que estornar por aqui. Se o valor foi devolvido por fora, registre o estorno externo: ele encerra as inscrições e fica no registro de auditoria.':
    'This order has no charge at the payment provider (it was paid outside the site or recorded by hand): there is nothing to refund here. If the money was returned outside the site, record the outside refund: it ends the enrollments and stays in the audit log.',
  'Este pedido tem cobrança no meio de pagamento: estorne-o pelo botão Estornar.':
    'This order has a charge at the payment provider: refund it with the Refund button.',
  'Estorno externo registrado: as inscrições do pedido foram encerradas.':
    "Outside refund recorded: the order's enrollments were ended.",
  'Turma esgotada': 'Class full',
  'Os preços ou as condições deste pedido mudaram desde a compra. Revise o carrinho: colocamos nele os mesmos itens.':
    'The prices or terms of this order changed since the purchase. Review the cart: we put the same items in it.',
  'Alguns itens deste pedido não estão mais à venda. Revise o carrinho: colocamos nele os que continuam disponíveis.':
    'Some items of this order are no longer on sale. Review the cart: we put in it the ones still available.',
  'Os itens deste pedido não estão mais à venda: não é possível gerar um novo pagamento.':
    'The items of this order are no longer on sale: a new payment cannot be issued.',
  'Só um pedido pago pode ser estornado.': 'Only a paid order can be refunded.',
  'Este pedido não teve pagamento: não há o que estornar.':
    'This order had no payment: there is nothing to refund.',
  'O valor passa do que ainda pode ser estornado neste pedido.':
    'The amount exceeds what can still be refunded on this order.',
  'O estorno deste pedido já foi solicitado e aguarda a confirmação da operadora.':
    "The refund of this order was already requested and awaits the card issuer's confirmation.",
  'Estorno confirmado pela operadora.': 'Refund confirmed by the card issuer.',
  'Estorno solicitado; o pedido muda quando a operadora confirmar.':
    'Refund requested; the order changes when the card issuer confirms.',
  'Este pedido já foi estornado.': 'This order has already been refunded.',
  'Não foi possível confirmar o estorno com a operadora. Tente novamente em instantes: ele não será feito duas vezes.':
    'The refund could not be confirmed with the card issuer. Please try again shortly: it will not be made twice.',
  // Who owns an account (issue 28): the e-mail's proof and change, linked logins, sessions
  'Informe o código que enviamos para o seu e-mail.': 'Enter the code we sent to your e-mail.',
  'Código inválido ou expirado. Peça um novo código.': 'Invalid or expired code. Request a new code.',
  'E-mail confirmado! Todas as suas compras com este e-mail já aparecem na sua conta.':
    'E-mail confirmed! All your purchases with this e-mail now show in your account.',
  'Este e-mail já está confirmado.': 'This e-mail is already confirmed.',
  'Este link é inválido ou expirou. Peça um novo em Meu perfil.':
    'This link is invalid or has expired. Request a new one in My profile.',
  'Este link é de outra conta. Saia e entre com a conta que recebeu o e-mail.':
    'This link belongs to another account. Log out and log in with the account that received the e-mail.',
  'Entre na sua conta para confirmar o e-mail.': 'Log in to your account to confirm the e-mail.',
  'Troca de e-mail cancelada.': 'E-mail change cancelled.',
  'Confirme o e-mail atual da conta antes de trocá-lo.':
    "Confirm the account's current e-mail before changing it.",
  'Pronto: encerramos todas as sessões da conta e cancelamos a troca de e-mail. Se você não reconhece a alteração, redefina sua senha.':
    'Done: we ended every session of the account and cancelled the e-mail change. If you do not recognise the change, reset your password.',
  'Você saiu de todos os dispositivos.': 'You have logged out of every device.',
  'Informe sua senha para vincular uma rede social.': 'Enter your password to link a social network.',
  'A senha está incorreta.': 'The password is incorrect.',
  'Rede social desvinculada.': 'Social network unlinked.',
  'Crie uma senha antes de desvincular a única forma de entrar na sua conta.':
    'Create a password before unlinking the only way into your account.',
  'Esta rede social não está vinculada à sua conta.': 'This social network is not linked to your account.',
  'Confirme seu e-mail para ver na sua conta as compras feitas com ele em outros navegadores.':
    'Confirm your e-mail to see in your account the purchases made with it in other browsers.',
  'Não foi possível enviar o link.': 'The link could not be sent.',
  'Não foi possível enviar o código.': 'The code could not be sent.',
  'Não foi possível cancelar a troca.': 'The change could not be cancelled.',
  'Não foi possível desvincular a rede social.': 'The social network could not be unlinked.',
  'Não foi possível encerrar as sessões.': 'The sessions could not be ended.',
}

export default catalogue
