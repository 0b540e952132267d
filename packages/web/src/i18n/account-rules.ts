/**
 * The account rules' and the server's messages (ACCOUNT_MESSAGES of @hound/contracts) per language, by key.
 * English is the contract's own text, so none are repeated; features/auth/account-text.ts swaps them in.
 * Kept out of the page catalogues so that only the account pages load them.
 */
import type { ACCOUNT_MESSAGES } from '@hound/contracts';
import type { Language } from './messages.ts';

export type AccountRules = Partial<Record<keyof typeof ACCOUNT_MESSAGES, string>>;

/** Complete (server-text-tr.ts reuses it as the Turkish of ACCOUNT_MESSAGES). */
export const ACCOUNT_RULES_TR: Record<keyof typeof ACCOUNT_MESSAGES, string> = {
  emailRequired: 'Lütfen bir e-posta adresi girin',
  invalidEmail: 'Geçersiz e-posta. En fazla 70 karakter; $ / \\ " karakterlerine izin verilmez.',
  invalidFirstName: 'Geçersiz ad. En fazla 50 karakter; $ / \\ " karakterlerine izin verilmez.',
  invalidLastName: 'Geçersiz soyad. En fazla 50 karakter; $ / \\ " karakterlerine izin verilmez.',
  firstNameRequired: 'Ad zorunludur.',
  lastNameRequired: 'Soyad zorunludur.',
  malformedEmail: 'ad@ornek.com gibi geçerli bir e-posta adresi girin.',
  dateOfBirthRequired: 'Doğum tarihi zorunludur.',
  invalidDateOfBirth: 'Geçerli bir doğum tarihi girin.',
  tooYoung: 'Kayıt olmak için 18 yaşında veya daha büyük olmalısınız.',
  enterCode: '6 haneli kodu girin.',
  invalidCode: 'Geçersiz kod',
  failedToSendCode: 'Kod gönderilemedi',
  loginFailed: 'Giriş başarısız',
  registrationFailed: 'Kayıt başarısız',
  invalidCredentials: 'E-posta veya parola geçersiz.',
  weakPassword: '10 ile 200 karakter arasında bir parola kullanın.',
  tooManyCodes: 'Çok fazla kod istendi. Lütfen bekleyip tekrar deneyin.',
  tooManyAttempts: 'Çok fazla başarısız deneme. Lütfen bekleyip tekrar deneyin ya da kodla giriş yapın.',
  busy: 'Aynı anda çok fazla giriş yapılıyor. Lütfen biraz sonra tekrar deneyin.',
  codeCooldown: 'Yeni bir kod istemeden önce lütfen {seconds} saniye bekleyin.',
  notAuthenticated: 'Devam etmek için lütfen giriş yapın',
  adminOnly: 'Yönetici yetkisi gerekli',
  sameEmail: 'Bu zaten sizin adresiniz.',
};

export const ACCOUNT_RULES: Record<Language, AccountRules> = { en: {}, tr: ACCOUNT_RULES_TR };
