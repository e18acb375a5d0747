// Strings of the organization MFA screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enMfa } from './strings.ts';

export const frMfa: Record<keyof typeof enMfa, string> = {
  'mfa.enrollment.title': 'Configurez l’authentification multifacteur',
  'mfa.enrollment.text': 'Votre organisation exige une vérification supplémentaire pour mieux protéger votre compte.',
  'mfa.enrollment.totp': 'Utiliser une application d’authentification',
  'mfa.enrollment.sms': 'M’envoyer un code par SMS',
  'mfa.totpEnroll.title': 'Scannez le code QR pour associer votre application d’authentification',
  'mfa.totpEnroll.text':
    'Votre organisation exige une vérification supplémentaire pour mieux protéger votre compte. Si vous n’avez pas d’application d’authentification, installez-en une d’abord.',
  'mfa.totpEnroll.qrAlt': 'Code QR pour votre application d’authentification : il contient la clé secrète ci-dessous',
  'mfa.totpEnroll.manual':
    'Impossible de scanner le code QR ? Saisissez plutôt cette clé dans votre application d’authentification :',
  'mfa.totpEnroll.copy': 'Copier la clé',
  'mfa.totpEnroll.copied': 'Copiée !',
  'mfa.totpEnroll.copyFailed': 'Impossible de copier la clé dans le presse-papiers',
  'mfa.totpEnroll.creating': 'Préparation de votre application d’authentification…',
  'mfa.totpEnroll.helper':
    'Si le code de vérification ne fonctionne pas, retournez dans votre application d’authentification pour en obtenir un nouveau.',
  'mfa.totp.title': 'Saisissez le code de vérification',
  'mfa.totp.text': 'Saisissez le code à 6 chiffres de votre application d’authentification.',
  'mfa.totp.useRecoveryCode': 'Utiliser un code de récupération',
  'mfa.totp.useSms': 'M’envoyer plutôt un code par SMS',
  'mfa.code.label': 'Code à usage unique',
  'mfa.code.verifying': 'Vérification du code...',
  'mfa.smsEnroll.title': 'Saisissez votre numéro de téléphone pour configurer l’authentification multifacteur',
  'mfa.smsEnroll.text': 'Votre organisation exige une vérification supplémentaire pour mieux protéger votre compte.',
  'mfa.smsEnroll.continue': 'Continuer',
  'mfa.sms.title': 'Saisissez le code',
  'mfa.sms.sending': 'Envoi d’un code sur votre téléphone…',
  'mfa.sms.sentTo': 'Un code à 6 chiffres vous a été envoyé au {destination}.',
  'mfa.sms.didNotGetIt': 'Vous ne l’avez pas reçu ?',
  'mfa.sms.resend': 'Renvoyer le code',
  'mfa.sms.codeSent': 'Code envoyé',
  'mfa.sms.useTotp': 'Utiliser plutôt une application d’authentification',
  'mfa.recoveryCodes.title': 'Enregistrez vos codes de récupération !',
  'mfa.recoveryCodes.text':
    'C’est la seule fois où vous pourrez voir et enregistrer vos codes de récupération. Chacun vous connecte une fois si vous perdez votre application d’authentification.',
  'mfa.recoveryCodes.listLabel': 'Vos codes de récupération',
  'mfa.recoveryCodes.download': 'Télécharger le fichier .txt',
  'mfa.recoveryCodes.copy': 'Tout copier dans le presse-papiers',
  'mfa.recoveryCodes.copied': 'Copiés !',
  'mfa.recoveryCodes.copyFailed': 'Impossible de copier les codes dans le presse-papiers',
  'mfa.recoveryCodes.done': 'Terminé',
  'mfa.recoveryCodes.file': '{organization}-codes-de-recuperation',
  'mfa.recoveryCodes.fileNoOrganization': 'codes-de-recuperation',
  'mfa.recover.title': 'Saisissez un code de récupération',
  'mfa.recover.text':
    'Saisissez l’un des codes de récupération enregistrés lors de la configuration de votre application d’authentification.',
  'mfa.recover.label': 'Code de récupération',
  'mfa.recover.continue': 'Continuer',
};

registerTranslations('fr', frMfa);
