// Strings of the organization discovery screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enDiscovery } from './strings.ts';

export const frDiscovery: Record<keyof typeof enDiscovery, string> = {
  'discovery.checkEmail.title': 'Consultez vos e-mails',
  'discovery.checkEmail.text': 'Un e-mail a été envoyé à {email}.',
  'discovery.checkEmail.tryAgain': 'Essayer une autre adresse e-mail',
  'discovery.title': 'Choisissez une organisation pour continuer',
  'discovery.listLabel': 'Organisations de {email}',
  'discovery.join': 'Rejoindre',
  'discovery.acceptInvite': 'Accepter l’invitation',
  'discovery.joining': 'Connexion à {organization}…',
  'discovery.createOrganization': 'Créer une organisation',
  'discovery.tryAgain': 'Essayer une autre adresse e-mail',
  'discovery.authPolicy':
    'Impossible de rejoindre {organization} en raison de sa règle d’authentification. Contactez votre administrateur pour en savoir plus.',
  'discovery.none.title': '{email} n’appartient à aucune organisation.',
  'discovery.none.text': 'Vérifiez votre adresse e-mail. Sinon, votre administrateur doit peut-être vous inviter.',
  'discovery.noneCreate.title': 'Créez une organisation pour commencer',
  'discovery.noneCreate.text':
    '{email} n’a pas de compte. Vous pensez qu’il s’agit d’une erreur ? Essayez une autre adresse e-mail ou contactez votre administrateur.',
  'discovery.create.title': 'Créer une organisation',
  'discovery.create.nameLabel': 'Nom de l’organisation',
  'discovery.create.slugLabel': 'Identifiant de l’organisation',
  'discovery.create.slugHint': 'Minuscules, chiffres et - . _ ~ (l’adresse de sa page de connexion).',
  'discovery.create.submit': 'Créer l’organisation',
  'discovery.create.nameRequired': 'Saisissez le nom de l’organisation.',
  'discovery.create.slugInvalid': 'Le format de l’identifiant n’est pas valide.',
};

registerTranslations('fr', frDiscovery);
