import type { HelpKey } from "./help.en.js";

/** French texts of `--help`. */
export const helpFr: Record<HelpKey, string> = {
  "help.title.usage": "Utilisation :",
  "help.title.arguments": "Arguments :",
  "help.title.options": "Options :",
  "help.title.globalOptions": "Options globales :",
  "help.title.commands": "Commandes :",
  "help.title.environment": "Environnement :",
  "help.help": "afficher l'aide de la commande",
  "help.exitCodes":
    "Codes de sortie : 0 succès, 1 l'opération a échoué ou le portail est injoignable, 2 erreur d'utilisation.",
  "help.portal": "Commandes de support et de développement du portail client en libre-service",
  "help.json": "écrire un document JSON sur stdout au lieu de texte",
  "help.lang": "langue des messages : de, en ou fr (par défaut : LC_ALL/LANG, sinon de)",
  "help.url": "URL de base du portail (par défaut : PORTAL_URL, sinon {default})",
  "help.env.PORTAL_URL": "URL de base du portail",
  "help.env.PORTAL_CLIENT_SECRET": "secret du client portal-support (client credentials)",
  "help.env.PORTAL_CLIENT_ID": "identifiant du client (par défaut : portal-support)",
  "help.env.PORTAL_ISSUER": "émetteur OpenID Connect (par défaut : <url>/realms/portal)",
  "help.env.XDG_CONFIG_HOME":
    "les jetons sont dans $XDG_CONFIG_HOME/portal/tokens.json (par défaut ~/.config)",
  "help.accountEmail": "adresse e-mail du compte",
  "help.webTarget": "Consulter une cible web : où mène une clé d'inscription (prk)",
  "help.webTarget.key": "clé d'inscription, en majuscules (par défaut : {default})",
  "help.resendOptIn":
    "Renvoyer l'e-mail de confirmation d'inscription d'un compte non confirmé (support)",
  "help.person": "Vue support et e-mails d'un compte",
  "help.person.show":
    "Vue support d'un compte : confirmation, rattachement membre, seconds facteurs, entreprise (aucun secret)",
  "help.person.resendDeletion": "Renvoyer le lien de suppression en attente d'un compte (support)",
  "help.person.resendEmailChange":
    "Renvoyer la confirmation en attente d'un changement d'adresse e-mail (support)",
  "help.person.export":
    "Tout ce que le portail conserve sur un compte, en un document JSON (RGPD art. 15) ; consigné dans l'activité de la personne",
  "help.maintenance": "Entretien des données du portail",
  "help.maintenance.purge":
    "Supprimer les données dont la durée de conservation est écoulée (RETENTION_* du serveur), par type",
  "help.maintenance.dryRun": "compter seulement ce qui est dû ; ne rien supprimer",
  "help.membership": "Identifiants d'adhésion",
  "help.membership.issue":
    "Créer les identifiants d'un membre ; affiche une seule fois l'identifiant de membre (Mitgliedskennung) et les deux mots de passe",
  "help.membership.memberNumber": "le numéro de membre (chiffres uniquement)",
  "help.company": "Le registre des entreprises",
  "help.company.search":
    "Suggestions d'entreprises par mots du nom ou début de Crefonummer, les meilleures d'abord",
  "help.company.term": "mots du nom (au moins {min} caractères)",
  "help.company.crefonummer": "rechercher plutôt par début de Crefonummer (chiffres uniquement)",
  "help.outbox":
    "Lister et lire les e-mails de la boîte d'envoi intégrée (quand aucun serveur SMTP n'est configuré)",
  "help.outbox.to": "seulement les e-mails à cette adresse",
  "help.outbox.open":
    "afficher le N-ième e-mail de la liste (1 = le plus récent) avec son texte et ses liens",
  "help.password": "Règles de mot de passe, hors ligne",
  "help.password.check":
    "Vérifier un mot de passe selon la politique, hors ligne : lit stdin ou demande sans écho ; affiche les exigences non remplies et la robustesse (sortie 1 en cas d'échec)",
  "help.password.givenName": "prénom que le mot de passe ne doit pas contenir",
  "help.password.surname": "nom que le mot de passe ne doit pas contenir",
  "help.password.email":
    "adresse e-mail dont la partie locale ne doit pas figurer dans le mot de passe",
  "help.patch": "Modifications des données personnelles, hors ligne",
  "help.patch.preview":
    "Afficher le JSON Patch qu'enverrait le formulaire de profil, hors ligne (diffPerson de core)",
  "help.patch.stored": "JSON de la personne enregistrée, tel que GET /persons/me le renvoie",
  "help.patch.form":
    "JSON du formulaire de profil (champs de PersonForm ; les champs absents gardent les valeurs enregistrées)",
  "help.health":
    "Vivacité, disponibilité, type de base de données et émetteur d'identité du portail (sortie 1 s'il n'est pas prêt)",
  "help.login":
    "Se connecter en tant que collaborateur (device authorization grant) : ouvrir l'adresse affichée, saisir le code",
  "help.logout":
    "Se déconnecter : révoquer et supprimer les jetons enregistrés du fournisseur d'identité de ce portail",
};
