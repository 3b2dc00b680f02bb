import type { DocumentType, DocumentTypeLanguageTexts } from './document-rules.js';

/** The document types' texts in French (document-type-texts.ts). */
export const DOCUMENT_TYPE_TEXTS_FR: Record<DocumentType, DocumentTypeLanguageTexts> = {
  annual_statement_2020: {
    name: 'Comptes annuels 2020',
    description: 'Veuillez téléverser vos comptes annuels de l’exercice 2020, avec le bilan et le compte de résultat.',
    tooltip_description:
      'Il s’agit des comptes annuels complets de l’exercice 2020 : bilan, compte de résultat et, si elle a été établie, annexe. Vous les obtenez généralement auprès de votre conseiller fiscal ou de votre expert-comptable.',
  },
  annual_statement_2021: {
    name: 'Comptes annuels 2021',
    description: 'Veuillez téléverser vos comptes annuels de l’exercice 2021, avec le bilan et le compte de résultat.',
    tooltip_description:
      'Il s’agit des comptes annuels complets de l’exercice 2021 : bilan, compte de résultat et, si elle a été établie, annexe. Vous les obtenez généralement auprès de votre conseiller fiscal ou de votre expert-comptable.',
  },
  annual_statement_2022: {
    name: 'Comptes annuels 2022',
    description: 'Veuillez téléverser vos comptes annuels de l’exercice 2022, avec le bilan et le compte de résultat.',
    tooltip_description:
      'Il s’agit des comptes annuels complets de l’exercice 2022 : bilan, compte de résultat et, si elle a été établie, annexe. Vous les obtenez généralement auprès de votre conseiller fiscal ou de votre expert-comptable.',
  },
  annual_statement_2023: {
    name: 'Comptes annuels 2023',
    description: 'Veuillez téléverser vos comptes annuels de l’exercice 2023, avec le bilan et le compte de résultat.',
    tooltip_description:
      'Il s’agit des comptes annuels complets de l’exercice 2023 : bilan, compte de résultat et, si elle a été établie, annexe. Vous les obtenez généralement auprès de votre conseiller fiscal ou de votre expert-comptable.',
  },
  annual_statement_2024: {
    name: 'Comptes annuels 2024',
    description: 'Veuillez téléverser vos comptes annuels de l’exercice 2024, avec le bilan et le compte de résultat.',
    tooltip_description:
      'Il s’agit des comptes annuels complets de l’exercice 2024 : bilan, compte de résultat et, si elle a été établie, annexe. Vous les obtenez généralement auprès de votre conseiller fiscal ou de votre expert-comptable.',
  },
  bwa: {
    name: 'BWA (analyse économique de gestion)',
    description:
      'Veuillez téléverser votre BWA actuelle (analyse économique de gestion), le rapport de gestion mensuel issu de votre comptabilité.',
    tooltip_description:
      'La BWA est l’évaluation régulière de votre comptabilité présentant le chiffre d’affaires, les charges et le résultat provisoire ; elle est généralement établie chaque mois dans DATEV ou par votre conseiller fiscal. Veuillez téléverser la BWA la plus récente avec les valeurs cumulées de l’exercice en cours, si possible avec une comparaison avec l’exercice précédent.',
  },
  susa: {
    name: 'SuSa (balance des comptes)',
    description: 'Veuillez téléverser votre balance des comptes (SuSa) actuelle.',
    tooltip_description:
      'La balance des comptes (Summen- und Saldenliste) reprend tous les comptes généraux de votre comptabilité avec leurs mouvements et leurs soldes. Vous pouvez l’obtenir dans DATEV ou auprès de votre conseiller fiscal, en général à la même date que la BWA.',
  },
  bwa_susa: {
    name: 'BWA avec balance des comptes',
    description:
      'Veuillez téléverser votre BWA actuelle accompagnée de la balance des comptes (SuSa) arrêtée à la même date.',
    tooltip_description:
      'La BWA (analyse économique de gestion) présente le chiffre d’affaires, les charges et le résultat provisoire ; la SuSa (balance des comptes) indique les soldes de tous les comptes de votre comptabilité. Vous pouvez obtenir les deux dans DATEV ou auprès de votre conseiller fiscal, idéalement avec les valeurs cumulées de l’exercice en cours.',
  },
  debt_register: {
    name: 'Extrait du registre des débiteurs',
    description: 'Veuillez téléverser un extrait récent du registre des débiteurs (Schuldnerverzeichnis).',
    tooltip_description:
      'L’extrait indique si des inscriptions figurent au registre des débiteurs pour vous ou votre entreprise. En Allemagne, vous pouvez le demander au tribunal central d’exécution de votre Land ou via le portail d’exécution commun des Länder (Vollstreckungsportal).',
  },
  bank_statement: {
    name: 'Relevé bancaire',
    description: 'Veuillez téléverser les relevés de votre compte professionnel.',
    tooltip_description:
      'Nous avons besoin des relevés complets de votre compte professionnel avec toutes les opérations, généralement pour les trois derniers mois. Si vous avez plusieurs comptes professionnels, veuillez téléverser les relevés de chacun d’eux. Vous pouvez les télécharger depuis votre banque en ligne ou les obtenir auprès de votre banque.',
  },
  business_plan: {
    name: 'Plan d’affaires',
    description: 'Veuillez téléverser votre plan d’affaires pour le projet à financer.',
    tooltip_description:
      'Le plan d’affaires décrit votre entreprise ou votre projet, le marché et la concurrence, l’organisation ainsi que vos prévisions chiffrées (chiffre d’affaires, charges et trésorerie). Il est particulièrement important en cas de création, de reprise ou d’investissement important.',
  },
  investment_cost_plan: {
    name: 'Plan d’investissement et de coûts',
    description: 'Veuillez téléverser un récapitulatif des investissements et des coûts prévus pour votre projet.',
    tooltip_description:
      'Indiquez-y tous les achats et coûts prévus avec leurs montants, par exemple le prix d’acquisition, les travaux d’aménagement, l’équipement, le stock et les frais de démarrage. Les offres ou devis sur lesquels reposent les montants facilitent l’examen de votre demande.',
  },
  invoice_samples: {
    name: 'Exemples de factures',
    description: 'Veuillez téléverser quelques exemples de factures que vous avez émises à vos clients.',
    tooltip_description:
      'Les exemples montrent votre façon de facturer : présentation des factures, délais et conditions de paiement. Veuillez choisir des factures de vente récentes adressées à différents clients.',
  },
  open_items_list: {
    name: 'Liste des créances et dettes ouvertes',
    description: 'Veuillez téléverser une liste actuelle de vos postes ouverts, avec les créances et les dettes.',
    tooltip_description:
      'La liste des postes ouverts reprend toutes les factures non encore payées : créances sur vos clients (débiteurs) et dettes envers vos fournisseurs (créanciers), chacune avec son montant et son échéance. Vous pouvez l’obtenir dans votre logiciel comptable, dans DATEV ou auprès de votre conseiller fiscal.',
  },
  tax_assessment_notice: {
    name: 'Avis d’imposition',
    description: 'Veuillez téléverser votre dernier avis d’imposition émis par l’administration fiscale.',
    tooltip_description:
      'Il s’agit de l’avis de l’administration fiscale fixant le montant de l’impôt, par exemple l’avis d’impôt sur le revenu ou d’impôt sur les sociétés. Veuillez téléverser l’avis complet, avec toutes ses pages et ses explications.',
  },
  debtor_list: {
    name: 'Liste des débiteurs',
    description: 'Veuillez téléverser une liste de vos clients (débiteurs) ayant des factures ouvertes.',
    tooltip_description:
      'Pour l’affacturage, nous avons besoin pour chaque client du nom et de l’adresse, des factures ouvertes avec leur montant et leur échéance et, si possible, de votre chiffre d’affaires annuel avec ce client. Vous pouvez généralement extraire cette liste de votre logiciel comptable ou de gestion commerciale.',
  },
  signed_cv: {
    name: 'CV signé',
    description: 'Veuillez téléverser votre CV actuel et signé.',
    tooltip_description:
      'Le CV doit présenter votre parcours professionnel, vos qualifications et votre expérience dans le secteur, et comporter une date et votre signature. S’il y a plusieurs associés ou dirigeants, veuillez téléverser le CV de chacun d’eux.',
  },
  licence_to_practise: {
    name: 'Autorisation d’exercer',
    description:
      'Veuillez téléverser votre autorisation d’exercer (Approbation) ou une autre autorisation d’exercice de votre profession.',
    tooltip_description:
      'Il s’agit du document par lequel l’autorité compétente vous a accordé l’autorisation d’exercer, par exemple en médecine, en chirurgie dentaire, en médecine vétérinaire, en pharmacie ou en psychothérapie. Pour un cabinet conventionné avec l’assurance maladie obligatoire, veuillez également téléverser votre conventionnement (Kassenzulassung), le cas échéant.',
  },
  specialist_certification: {
    name: 'Certificat de spécialisation',
    description:
      'Veuillez téléverser votre certificat de reconnaissance en tant que médecin spécialiste (Facharzturkunde).',
    tooltip_description:
      'Ce certificat est délivré par la chambre des médecins du Land compétente (Landesärztekammer) après la réussite de l’examen de spécialité. Pour les chirurgiens-dentistes, le certificat correspondant de la chambre des chirurgiens-dentistes du Land s’applique.',
  },
  brokerage_contract: {
    name: 'Contrat de courtage',
    description: 'Veuillez téléverser votre contrat de courtage ou d’intermédiation.',
    tooltip_description:
      'Il s’agit du contrat conclu avec le courtier ou l’intermédiaire qui vous accompagne pour ce financement ou pour l’acquisition du bien ou de l’entreprise, y compris la commission convenue. Veuillez téléverser le contrat complet avec toutes ses annexes.',
  },
  monthly_service_fee_contract: {
    name: 'Contrat de frais de service mensuels',
    description: 'Veuillez téléverser le contrat qui prévoit des frais de service mensuels.',
    tooltip_description:
      'Il s’agit d’un contrat de services rémunérés par des frais mensuels réguliers, par exemple la maintenance, l’assistance, un abonnement logiciel ou un service de facturation. Les éléments importants sont les parties au contrat, le montant des frais mensuels, la durée et les délais de résiliation.',
  },
  sales_offer_file: {
    name: 'Offre de vente',
    description:
      'Veuillez téléverser le dossier de présentation (exposé) ou l’offre de vente de l’entreprise, du cabinet ou du bien que vous souhaitez acquérir.',
    tooltip_description:
      'Le dossier de présentation est fourni par le vendeur ou par un intermédiaire ; il contient généralement une description, les chiffres clés, le prix demandé ainsi que des informations sur l’emplacement et l’équipement. Il permet d’évaluer le prix d’achat et le projet.',
  },
  gdpr_consent: {
    name: 'Consentement RGPD',
    description: 'Veuillez téléverser votre consentement signé relatif à la protection des données.',
    tooltip_description:
      'Par ce consentement, vous acceptez, conformément au règlement général sur la protection des données (RGPD), que vos données et documents soient traités pour votre demande de financement comme décrit dans le formulaire. Si un modèle est fourni, veuillez le remplir, le signer et le téléverser.',
  },
  interim_statement: {
    name: 'Situation intermédiaire',
    description: 'Veuillez téléverser une situation intermédiaire pour l’exercice en cours.',
    tooltip_description:
      'La situation intermédiaire est un arrêté des comptes, avec bilan et compte de résultat, établi à une date en cours d’exercice, par exemple à la fin d’un trimestre ou d’un semestre. Vous pouvez l’obtenir auprès de votre conseiller fiscal ou de votre expert-comptable.',
  },
  income_expense_statement_2022: {
    name: 'Compte de recettes et de dépenses 2022',
    description:
      'Veuillez téléverser votre compte de recettes et de dépenses (Einnahmen-Überschuss-Rechnung, EÜR) pour l’année 2022.',
    tooltip_description:
      'L’EÜR détermine le bénéfice à partir des recettes et des dépenses professionnelles et remplace les comptes annuels pour les professions libérales et les petites entreprises non tenues d’établir un bilan. Vous l’obtenez généralement auprès de votre conseiller fiscal, souvent sous la forme de l’annexe EÜR (Anlage EÜR) jointe à la déclaration d’impôt.',
  },
  income_expense_statement_2023: {
    name: 'Compte de recettes et de dépenses 2023',
    description:
      'Veuillez téléverser votre compte de recettes et de dépenses (Einnahmen-Überschuss-Rechnung, EÜR) pour l’année 2023.',
    tooltip_description:
      'L’EÜR détermine le bénéfice à partir des recettes et des dépenses professionnelles et remplace les comptes annuels pour les professions libérales et les petites entreprises non tenues d’établir un bilan. Vous l’obtenez généralement auprès de votre conseiller fiscal, souvent sous la forme de l’annexe EÜR (Anlage EÜR) jointe à la déclaration d’impôt.',
  },
  income_expense_statement_2024: {
    name: 'Compte de recettes et de dépenses 2024',
    description:
      'Veuillez téléverser votre compte de recettes et de dépenses (Einnahmen-Überschuss-Rechnung, EÜR) pour l’année 2024.',
    tooltip_description:
      'L’EÜR détermine le bénéfice à partir des recettes et des dépenses professionnelles et remplace les comptes annuels pour les professions libérales et les petites entreprises non tenues d’établir un bilan. Vous l’obtenez généralement auprès de votre conseiller fiscal, souvent sous la forme de l’annexe EÜR (Anlage EÜR) jointe à la déclaration d’impôt.',
  },
  draft_takeover_agreement: {
    name: 'Projet de contrat de reprise',
    description:
      'Veuillez téléverser le projet de contrat de cession ou de reprise du cabinet ou de l’entreprise que vous souhaitez reprendre.',
    tooltip_description:
      'Le contrat fixe généralement le prix d’achat, les actifs, la clientèle ou patientèle et les contrats repris, la date de transfert et les modalités de paiement. Le projet actuel suffit ; il n’a pas besoin d’être déjà signé.',
  },
  supplier_invoice: {
    name: 'Facture fournisseur',
    description: 'Veuillez téléverser la facture ou le devis du fournisseur pour le bien à financer.',
    tooltip_description:
      'La facture ou le devis ferme doit indiquer le fournisseur, la désignation exacte du bien (par exemple une machine, un véhicule ou un équipement), le prix et les conditions de livraison. Si plusieurs biens sont financés, veuillez téléverser toutes les factures ou tous les devis correspondants.',
  },
  general_terms_documents: {
    name: 'Conditions générales',
    description: 'Veuillez téléverser les conditions générales de vente (CGV) que vous appliquez à vos clients.',
    tooltip_description:
      'Les conditions générales indiquent à quelles conditions vous livrez et facturez, par exemple les délais de paiement, la réserve de propriété, la garantie et une éventuelle interdiction de cession des créances. Elles sont particulièrement importantes pour l’affacturage, car elles concernent vos créances sur vos clients.',
  },
  loan_contract: {
    name: 'Contrat de prêt',
    description: 'Le contrat de prêt que nous avons préparé pour votre signature.',
    tooltip_description:
      'Votre conseiller met à disposition le contrat de prêt aux conditions convenues. Lisez-le attentivement ; vous le signez dans l’onglet « Signatures ».',
  },
  guarantor_contract: {
    name: 'Acte de cautionnement',
    description: 'L’acte de cautionnement pour les cautions de votre prêt.',
    tooltip_description:
      'Les cautions de votre entreprise signent cet acte. Il précise la garantie qu’elles donnent pour le prêt.',
  },
  guarantor_contract_signed: {
    name: 'Contrat de cautionnement signé',
    description: 'Le contrat de cautionnement que vous avez signé sur papier, scanné ou photographié.',
    tooltip_description:
      'Téléchargez le contrat de cautionnement, signez-le à la main et téléversez le scan ou une photo bien lisible au format PDF, JPG ou PNG.',
  },
  other: {
    name: 'Autres documents',
    description: 'Vous pouvez téléverser ici tout autre document demandé par votre conseiller.',
    tooltip_description:
      'Cette rubrique est destinée aux documents qui ne correspondent à aucun autre type de document, par exemple des contrats, des attestations ou des explications concernant votre demande. Veuillez nommer les fichiers de manière à ce que leur contenu soit reconnaissable.',
  },
};
