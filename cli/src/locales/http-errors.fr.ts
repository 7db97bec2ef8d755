import type { ErrorCode } from "@portal/contracts";

/** French texts of the spec's error catalogue (section 8), keyed by error code. */
export const httpErrorsFr: Record<ErrorCode, string> = {
  Default: "Une erreur s'est produite. Veuillez réessayer.",
  NO_AUTH_REPR:
    "Une erreur s'est produite. Veuillez réessayer ; contactez-nous si le problème persiste.",
  NO_AUTH_REPR_404:
    "Ce produit n'est pas disponible en ligne. Veuillez le commander auprès de votre agence locale.",
  INVALID_EMAIL_ADDRESS: "L'adresse e-mail n'est pas valide.",
  EMAIL_NOT_VALID: "Le format de l'adresse e-mail n'est pas valide.",
  INVALID_OPT_IN: "Le lien d'activation n'est pas valide.",
  INVALID_NAME: "Le nom n'est pas valide.",
  INVALID_CRID: "Le CRID n'est pas valide.",
  INVALID_BIRTHDATE: "La date de naissance n'est pas valide.",
  INVALID_TITLE: "Le titre n'est pas valide.",
  INVALID_MEMBER_USER_ID: "L'identifiant d'utilisateur membre n'est pas valide.",
  FIELD_EMPTY: "Un champ obligatoire est vide.",
  FIELD_NOT_EMPTY: "Un champ qui doit rester vide a été rempli.",
  PASSWORD_TOO_SHORT: "Le mot de passe est trop court (10 caractères au moins).",
  PASSWORD_TOO_LONG: "Le mot de passe est trop long (60 caractères au plus).",
  PASSWORD_NO_SPECIAL_DIGIT: "Le mot de passe doit contenir un chiffre ou un caractère spécial.",
  PASSWORD_INCORRECT: "Le mot de passe actuel est incorrect.",
  PASSWORD_IN_HISTORY: "Ce mot de passe a déjà été utilisé.",
  PASSWORD_TRIVIAL_VALUES:
    "Le mot de passe est trop facile à deviner (il contient par exemple le nom).",
  PASSWORD_INVALID_CHARACTERS: "Le mot de passe contient des caractères non autorisés.",
  OLD_PASSWORD_MISSING: "Le mot de passe actuel manque.",
  NEW_PASSWORD_MISSING: "Le nouveau mot de passe manque.",
  PASSWORD_LOWERCASE_MISSING: "Le mot de passe doit contenir une minuscule.",
  PASSWORD_UPPERCASE_MISSING: "Le mot de passe doit contenir une majuscule.",
  PASSWORD_DIGIT_OR_SPECIAL_CHARACTER_MISSING:
    "Le mot de passe doit contenir un chiffre ou un caractère spécial.",
  PHONE_COUNTRYCODE_INVALID: "L'indicatif du pays n'est pas valide.",
  PHONE_AREA_CODE_INVALID: "L'indicatif régional n'est pas valide.",
  PHONE_SUBSCRIBER_NUMBER_INVALID: "Le numéro d'abonné n'est pas valide.",
  PHONE_EXTENTION_NUMBER_INVALID: "Le poste n'est pas valide.",
  PHONE_NUMBER_INVALID: "Le numéro de téléphone n'est pas valide.",
  FIRSTNAME_MISSING: "Le prénom manque.",
  LASTNAME_MISSING: "Le nom de famille manque.",
  FIRSTNAME_TOO_LONG: "Le prénom est trop long.",
  LASTNAME_TOO_LONG: "Le nom de famille est trop long.",
  BACKEND_ERROR: "Une erreur interne s'est produite. Veuillez réessayer.",
  BACKEND_VALIDATION_ERROR:
    "La demande n'a pas abouti. Veuillez réessayer ; un compte existe peut-être déjà pour cette adresse e-mail.",
  MITGLIEDSKENNUNG_ALREADY_REGISTERED: "Cet identifiant de membre est déjà lié à un autre compte.",
  CTO_ZUGANGSDATEN_INVALID:
    "La combinaison de l'identifiant de membre, du mot de passe personnel et du mot de passe général est incorrecte.",
  MITGLIEDSKENNUNG_LOCKED: "Cet identifiant de membre est bloqué. Veuillez contacter le support.",
  MITGLIEDSKENNUNG_NOT_ENABLED_FOR_PLATFORM:
    "Cet identifiant de membre n'est pas activé pour le portail. Veuillez contacter le support.",
  MITGLIEDSNUMMER_UNKNOWN: "Le numéro de membre est inconnu. Veuillez contacter le support.",
  MITGLIEDSNUMMER_NO_LONGER_VALID:
    "Le numéro de membre n'est plus valide. Veuillez contacter le support.",
  MITGLIEDSNUMMER_NOT_YET_VALID:
    "Le numéro de membre n'est pas encore valide. Veuillez contacter le support.",
  UNAUTHORIZED: "Non connecté, ou la connexion a expiré.",
  FORBIDDEN: "Ce compte n'a pas le droit de faire cela (le rôle support manque).",
  NOT_FOUND: "Introuvable.",
  ACCOUNT_NOT_FOUND: "Aucun compte n'existe avec cette adresse e-mail.",
  ACCOUNT_ALREADY_CONFIRMED:
    "Le compte est déjà confirmé ; aucun e-mail de confirmation n'est nécessaire.",
  NO_OPEN_DELETION_REQUEST: "Ce compte n'a aucune demande de suppression en cours.",
  NO_OPEN_EMAIL_CHANGE: "Ce compte n'a aucune modification d'adresse e-mail en cours.",
  TOO_MANY_REQUESTS: "Trop de demandes. Veuillez patienter un instant puis réessayer.",
  INVALID_REQUEST: "La demande n'est pas valide.",
  INVALID_PATCH: "La modification n'est pas valide.",
  MEMBER_CANNOT_DELETE: "Les comptes de membre ne peuvent pas être supprimés en ligne.",
  EMAIL_UNCHANGED: "L'adresse e-mail correspond à celle utilisée actuellement.",
  INVALID_CREFONUMMER: "Le crefonummer n'est pas valide (chiffres uniquement).",
  PRECONDITION_FAILED:
    "Les données ont été modifiées entre-temps ailleurs. Rechargez-les et refaites la modification.",
  INVALID_CHARACTERS:
    "La saisie contient des sauts de ligne, des caractères de contrôle ou invisibles. Veuillez saisir une seule ligne de texte.",
};
