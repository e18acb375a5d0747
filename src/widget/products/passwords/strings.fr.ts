// Strings of the password screens (zxcvbn's texts included), French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enPasswords } from './strings.ts';

export const frPasswords: Record<keyof typeof enPasswords, string> = {
  'password.createTitle': 'Créer un compte',
  'password.loginTitle': 'Se connecter',
  'password.resetFormTitle': 'Définir un nouveau mot de passe',
  'password.emailLabel': 'Adresse e-mail',
  'password.passwordLabel': 'Mot de passe',
  'password.newPasswordLabel': 'Nouveau mot de passe',
  'password.show': 'Afficher le mot de passe',
  'password.hide': 'Masquer le mot de passe',
  'password.continue': 'Continuer',
  'password.forgot': 'Mot de passe oublié',
  'password.useEmailLink': 'Recevoir plutôt un lien de connexion par e-mail',
  'password.useEmailCode': 'Recevoir plutôt un code de connexion par e-mail',
  'password.checking': 'Vérification de la robustesse du mot de passe…',
  'password.strengthLabel': 'Robustesse du mot de passe',
  'password.strengthValue': '{score} sur 4',
  'password.ludsLength.one': 'Doit contenir au moins {count} caractère',
  'password.ludsLength.other': 'Doit contenir au moins {count} caractères',
  'password.ludsComplexity':
    'Doit contenir {count} des éléments suivants\u00a0: majuscule, minuscule, chiffre, symbole',
  'password.breached':
    'Ce mot de passe a peut-être été utilisé sur un autre site victime d’un incident de sécurité. Veuillez en choisir un autre.',
  'password.zxcvbn.addWord': 'Ajoutez un ou deux mots. Les mots peu courants sont préférables.',
  'password.zxcvbn.avoidRepeats': 'Évitez les mots et les caractères répétés',
  'password.zxcvbn.avoidSequences': 'Évitez les suites',
  'password.zxcvbn.avoidRecentYears': 'Évitez les années récentes',
  'password.zxcvbn.avoidYearsOfYou': 'Évitez les années qui vous sont associées',
  'password.zxcvbn.avoidDates': 'Évitez les dates et les années qui vous sont associées',
  'password.zxcvbn.longerKeyboardPattern':
    'Utilisez un motif de clavier plus long, avec plus de changements de direction',
  'password.zxcvbn.commonNames': 'Les prénoms et noms de famille courants sont faciles à deviner',
  'password.zxcvbn.namesAlone': 'Les prénoms et noms de famille seuls sont faciles à deviner',
  'password.zxcvbn.top10': 'Ce mot de passe fait partie des 10 plus courants',
  'password.zxcvbn.top100': 'Ce mot de passe fait partie des 100 plus courants',
  'password.zxcvbn.veryCommon': 'Ce mot de passe est très courant',
  'password.zxcvbn.similarToCommon': 'Ce mot de passe ressemble à un mot de passe très utilisé',
  'password.zxcvbn.straightRows': 'Les rangées de touches consécutives sont faciles à deviner',
  'password.zxcvbn.shortKeyboardPatterns': 'Les motifs de clavier courts sont faciles à deviner',
  'password.zxcvbn.recentYears': 'Les années récentes sont faciles à deviner',
  'password.zxcvbn.dates': 'Les dates sont souvent faciles à deviner',
  'password.zxcvbn.sequences': 'Les suites comme abc ou 6543 sont faciles à deviner',
  'passwordForgot.title': 'Mot de passe oublié\u00a0?',
  'passwordForgot.text': 'Un lien pour réinitialiser votre mot de passe vous sera envoyé à {email}.',
  'passwordBreached.title': 'Réinitialisez votre mot de passe',
  'passwordBreached.text':
    'Ce mot de passe figure dans la liste des mots de passe compromis et doit être réinitialisé.',
  'passwordForgot.send': 'Envoyer le lien de réinitialisation',
  'passwordSetNew.title': 'Consultez vos e-mails\u00a0!',
  'passwordSetNew.text': 'Un lien pour réinitialiser votre mot de passe vous a été envoyé à {email}.',
  'passwordDedupe.title': 'Consultez vos e-mails pour définir un nouveau mot de passe',
  'passwordDedupe.text':
    'Nous voulons nous assurer que votre compte est sécurisé et que c’est bien vous qui vous connectez\u00a0! Un lien de connexion vous a été envoyé à {email}.',
  'passwordReset.didNotGetIt': 'Vous ne l’avez pas reçu\u00a0?',
  'passwordReset.resend': 'Renvoyer l’e-mail',
  'passwordReset.resent': 'E-mail renvoyé',
};

registerTranslations('fr', frPasswords);
