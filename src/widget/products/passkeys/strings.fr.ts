// Strings of the passkey screens, French.
// Fetched only on a page shown in this language (with the product's chunk: products/registry.ts).
// Keys and where each text shows: strings.ts.
import { registerTranslations } from '../../i18n/index.ts';
import type { enPasskeys } from './strings.ts';

export const frPasskeys: Record<keyof typeof enPasskeys, string> = {
  'passkey.button': 'Continuer avec une clé d’accès',
  'passkeyRegister.title': 'Configurer une nouvelle clé d’accès',
  'passkeyRegister.text':
    'La prochaine fois, connectez-vous avec votre visage, votre empreinte digitale ou le code PIN de votre appareil au lieu d’un code ou d’un lien.',
  'passkeyRegister.create': 'Créer une clé d’accès',
  'passkeyRegister.skip': 'Ignorer',
  'passkeySuccess.title': 'Vos clés d’accès',
  'passkeySuccess.loading': 'Chargement de vos clés d’accès...',
  'passkeySuccess.empty': 'Vous n’avez pas encore de clé d’accès.',
  'passkeySuccess.another': 'Configurer une autre clé d’accès',
  'passkeySuccess.done': 'Terminé',
  'passkeySuccess.rename': 'Renommer',
  'passkeySuccess.renameLabel': 'Nom de la clé d’accès',
  'passkeySuccess.save': 'Enregistrer',
  'passkeySuccess.cancel': 'Annuler',
  'passkeySuccess.delete': 'Supprimer',
  'passkeySuccess.confirmDelete': 'Supprimer la clé d’accès {name}\u00a0?',
  'passkeyConfirmation.text': 'Vous vous êtes connecté avec votre clé d’accès.',
  'passkey.unknownError':
    'Une erreur inconnue s’est produite lors de l’authentification par clé d’accès. Veuillez réessayer.',
  'passkey.duplicate':
    'La clé d’accès ne peut pas être créée, car elle semble déjà enregistrée. Elle a peut-être été enregistrée sur un autre appareil, puis synchronisée.',
  'passkey.notCreated':
    'Votre clé d’accès n’a pas été créée. Cliquez sur «\u00a0Créer une clé d’accès\u00a0» pour réessayer, ou ignorez cette étape sans ajouter de clé d’accès.',
  'passkey.noActiveUser':
    'Erreur\u00a0: impossible d’utiliser le composant PasskeyRegistration sans utilisateur authentifié.',
};

registerTranslations('fr', frPasskeys);
