import type { DocumentType, DocumentTypeLanguageTexts } from './document-rules.js';

/** The document types' texts in German (document-type-texts.ts). */
export const DOCUMENT_TYPE_TEXTS_DE: Record<DocumentType, DocumentTypeLanguageTexts> = {
  annual_statement_2020: {
    name: 'Jahresabschluss 2020',
    description:
      'Bitte laden Sie Ihren Jahresabschluss für das Geschäftsjahr 2020 mit Bilanz und Gewinn- und Verlustrechnung hoch.',
    tooltip_description:
      'Gemeint ist der vollständige Jahresabschluss des Geschäftsjahres 2020: Bilanz, Gewinn- und Verlustrechnung und, falls erstellt, Anhang. Sie erhalten ihn in der Regel von Ihrer Steuerberatung oder Ihrer Wirtschaftsprüfung.',
  },
  annual_statement_2021: {
    name: 'Jahresabschluss 2021',
    description:
      'Bitte laden Sie Ihren Jahresabschluss für das Geschäftsjahr 2021 mit Bilanz und Gewinn- und Verlustrechnung hoch.',
    tooltip_description:
      'Gemeint ist der vollständige Jahresabschluss des Geschäftsjahres 2021: Bilanz, Gewinn- und Verlustrechnung und, falls erstellt, Anhang. Sie erhalten ihn in der Regel von Ihrer Steuerberatung oder Ihrer Wirtschaftsprüfung.',
  },
  annual_statement_2022: {
    name: 'Jahresabschluss 2022',
    description:
      'Bitte laden Sie Ihren Jahresabschluss für das Geschäftsjahr 2022 mit Bilanz und Gewinn- und Verlustrechnung hoch.',
    tooltip_description:
      'Gemeint ist der vollständige Jahresabschluss des Geschäftsjahres 2022: Bilanz, Gewinn- und Verlustrechnung und, falls erstellt, Anhang. Sie erhalten ihn in der Regel von Ihrer Steuerberatung oder Ihrer Wirtschaftsprüfung.',
  },
  annual_statement_2023: {
    name: 'Jahresabschluss 2023',
    description:
      'Bitte laden Sie Ihren Jahresabschluss für das Geschäftsjahr 2023 mit Bilanz und Gewinn- und Verlustrechnung hoch.',
    tooltip_description:
      'Gemeint ist der vollständige Jahresabschluss des Geschäftsjahres 2023: Bilanz, Gewinn- und Verlustrechnung und, falls erstellt, Anhang. Sie erhalten ihn in der Regel von Ihrer Steuerberatung oder Ihrer Wirtschaftsprüfung.',
  },
  annual_statement_2024: {
    name: 'Jahresabschluss 2024',
    description:
      'Bitte laden Sie Ihren Jahresabschluss für das Geschäftsjahr 2024 mit Bilanz und Gewinn- und Verlustrechnung hoch.',
    tooltip_description:
      'Gemeint ist der vollständige Jahresabschluss des Geschäftsjahres 2024: Bilanz, Gewinn- und Verlustrechnung und, falls erstellt, Anhang. Sie erhalten ihn in der Regel von Ihrer Steuerberatung oder Ihrer Wirtschaftsprüfung.',
  },
  bwa: {
    name: 'BWA (betriebswirtschaftliche Auswertung)',
    description: 'Bitte laden Sie Ihre aktuelle betriebswirtschaftliche Auswertung (BWA) hoch.',
    tooltip_description:
      'Die BWA ist die laufende Auswertung Ihrer Buchhaltung mit Umsätzen, Kosten und vorläufigem Ergebnis; sie wird meist monatlich aus DATEV oder von Ihrer Steuerberatung erstellt. Bitte laden Sie die neueste BWA mit den kumulierten Werten des laufenden Jahres hoch, möglichst mit Vorjahresvergleich.',
  },
  susa: {
    name: 'SuSa (Summen- und Saldenliste)',
    description: 'Bitte laden Sie Ihre aktuelle Summen- und Saldenliste (SuSa) hoch.',
    tooltip_description:
      'Die Summen- und Saldenliste führt alle Sachkonten Ihrer Buchhaltung mit ihren Verkehrszahlen und Salden auf. Sie erhalten sie aus DATEV oder von Ihrer Steuerberatung, in der Regel zum selben Stichtag wie die BWA.',
  },
  bwa_susa: {
    name: 'BWA mit SuSa',
    description:
      'Bitte laden Sie Ihre aktuelle BWA zusammen mit der Summen- und Saldenliste (SuSa) zum selben Stichtag hoch.',
    tooltip_description:
      'Die BWA (betriebswirtschaftliche Auswertung) zeigt Umsätze, Kosten und das vorläufige Ergebnis, die SuSa (Summen- und Saldenliste) die Salden aller Konten Ihrer Buchhaltung. Beide erhalten Sie aus DATEV oder von Ihrer Steuerberatung, idealerweise mit den kumulierten Werten des laufenden Jahres.',
  },
  debt_register: {
    name: 'Auszug aus dem Schuldnerverzeichnis',
    description: 'Bitte laden Sie einen aktuellen Auszug aus dem Schuldnerverzeichnis hoch.',
    tooltip_description:
      'Der Auszug zeigt, ob für Sie oder Ihr Unternehmen Einträge im Schuldnerverzeichnis bestehen. Sie erhalten ihn beim zentralen Vollstreckungsgericht Ihres Bundeslandes oder über das gemeinsame Vollstreckungsportal der Länder.',
  },
  bank_statement: {
    name: 'Kontoauszug',
    description: 'Bitte laden Sie die Kontoauszüge Ihres Geschäftskontos hoch.',
    tooltip_description:
      'Benötigt werden die vollständigen Auszüge Ihres Geschäftskontos mit allen Umsätzen, in der Regel für die letzten drei Monate. Führen Sie mehrere Geschäftskonten, laden Sie bitte die Auszüge aller Konten hoch. Sie erhalten sie im Online-Banking oder bei Ihrer Bank.',
  },
  business_plan: {
    name: 'Businessplan',
    description: 'Bitte laden Sie Ihren Businessplan für das Vorhaben hoch, das finanziert werden soll.',
    tooltip_description:
      'Der Businessplan beschreibt Ihr Unternehmen oder Vorhaben, Markt und Wettbewerb, Organisation und Ihre Planzahlen (Umsatz-, Kosten- und Liquiditätsplanung). Er ist vor allem bei Gründungen, Übernahmen und größeren Investitionen wichtig.',
  },
  investment_cost_plan: {
    name: 'Investitions- und Kostenplan',
    description: 'Bitte laden Sie eine Aufstellung der geplanten Investitionen und Kosten Ihres Vorhabens hoch.',
    tooltip_description:
      'Führen Sie darin alle geplanten Anschaffungen und Kosten mit den jeweiligen Beträgen auf, zum Beispiel Kaufpreis, Umbau, Ausstattung, Warenlager und Anlaufkosten. Angebote oder Kostenvoranschläge, auf denen die Beträge beruhen, erleichtern die Prüfung.',
  },
  invoice_samples: {
    name: 'Rechnungsbeispiele',
    description: 'Bitte laden Sie einige Beispiele von Rechnungen hoch, die Sie an Ihre Kunden gestellt haben.',
    tooltip_description:
      'Die Beispiele zeigen, wie Sie abrechnen: Aufbau Ihrer Rechnungen, Zahlungsziele und Zahlungsbedingungen. Bitte wählen Sie aktuelle Ausgangsrechnungen an verschiedene Kunden aus.',
  },
  open_items_list: {
    name: 'Offene-Posten-Liste (Forderungen und Verbindlichkeiten)',
    description: 'Bitte laden Sie eine aktuelle Liste Ihrer offenen Posten mit Forderungen und Verbindlichkeiten hoch.',
    tooltip_description:
      'Die Offene-Posten-Liste zeigt alle noch nicht bezahlten Rechnungen: Forderungen gegenüber Ihren Kunden (Debitoren) und Verbindlichkeiten gegenüber Ihren Lieferanten (Kreditoren), jeweils mit Betrag und Fälligkeit. Sie erhalten sie aus Ihrer Buchhaltung, aus DATEV oder von Ihrer Steuerberatung.',
  },
  tax_assessment_notice: {
    name: 'Steuerbescheid',
    description: 'Bitte laden Sie Ihren aktuellen Steuerbescheid des Finanzamts hoch.',
    tooltip_description:
      'Gemeint ist der Bescheid des Finanzamts über die festgesetzte Steuer, zum Beispiel der Einkommensteuer- oder Körperschaftsteuerbescheid. Bitte laden Sie den Bescheid vollständig mit allen Seiten und Erläuterungen hoch.',
  },
  debtor_list: {
    name: 'Debitorenliste',
    description: 'Bitte laden Sie eine Liste Ihrer Kunden (Debitoren) mit offenen Rechnungen hoch.',
    tooltip_description:
      'Für das Factoring werden je Kunde Name und Anschrift, die offenen Rechnungen mit Betrag und Fälligkeit sowie möglichst Ihr Jahresumsatz mit diesem Kunden benötigt. Die Liste erhalten Sie in der Regel aus Ihrer Buchhaltung oder Ihrem Warenwirtschaftssystem.',
  },
  signed_cv: {
    name: 'Unterschriebener Lebenslauf',
    description: 'Bitte laden Sie Ihren aktuellen, unterschriebenen Lebenslauf hoch.',
    tooltip_description:
      'Der Lebenslauf sollte Ihren beruflichen Werdegang, Ihre Qualifikationen und Ihre Erfahrung in der Branche zeigen und mit Datum und Unterschrift versehen sein. Gibt es mehrere Gesellschafter oder Geschäftsführer, laden Sie bitte den Lebenslauf jeder dieser Personen hoch.',
  },
  licence_to_practise: {
    name: 'Approbationsurkunde',
    description: 'Bitte laden Sie Ihre Approbationsurkunde oder eine andere Zulassung zur Ausübung Ihres Berufs hoch.',
    tooltip_description:
      'Gemeint ist die Urkunde, mit der Ihnen die zuständige Landesbehörde die Approbation erteilt hat, zum Beispiel in der Human-, Zahn- oder Tiermedizin, Pharmazie oder Psychotherapie. Für eine Kassenpraxis laden Sie bitte zusätzlich Ihre Zulassung zur vertragsärztlichen bzw. vertragszahnärztlichen Versorgung hoch, falls vorhanden.',
  },
  specialist_certification: {
    name: 'Facharzturkunde',
    description: 'Bitte laden Sie Ihre Urkunde über die Anerkennung als Fachärztin oder Facharzt hoch.',
    tooltip_description:
      'Die Facharzturkunde stellt die zuständige Landesärztekammer nach bestandener Facharztprüfung aus. Für Zahnärztinnen und Zahnärzte gilt entsprechend die Urkunde der Landeszahnärztekammer über die Fachzahnarztbezeichnung.',
  },
  brokerage_contract: {
    name: 'Vermittlungsvertrag',
    description: 'Bitte laden Sie Ihren Vermittlungs- bzw. Maklervertrag hoch.',
    tooltip_description:
      'Gemeint ist der Vertrag mit dem Vermittler oder Makler, der Ihnen diese Finanzierung oder das zu erwerbende Objekt bzw. Unternehmen vermittelt, einschließlich der vereinbarten Provision. Bitte laden Sie den Vertrag vollständig mit allen Anlagen hoch.',
  },
  monthly_service_fee_contract: {
    name: 'Vertrag über monatliche Servicegebühren',
    description: 'Bitte laden Sie den Vertrag hoch, in dem monatliche Servicegebühren vereinbart sind.',
    tooltip_description:
      'Gemeint ist ein Vertrag über Dienstleistungen, die mit einer regelmäßigen monatlichen Gebühr bezahlt werden, etwa Wartung, Betreuung, Software-Abonnements oder Abrechnungsservice. Wichtig sind die Vertragspartner, die Höhe der monatlichen Gebühr, die Laufzeit und die Kündigungsfristen.',
  },
  sales_offer_file: {
    name: 'Verkaufsangebot',
    description:
      'Bitte laden Sie das Verkaufsexposé bzw. Verkaufsangebot des Unternehmens, der Praxis oder des Objekts hoch, das Sie erwerben möchten.',
    tooltip_description:
      'Das Exposé stellt der Verkäufer oder ein Makler zur Verfügung; es enthält in der Regel eine Beschreibung, Kennzahlen, die Kaufpreisvorstellung sowie Angaben zu Standort und Ausstattung. Es hilft, den Kaufpreis und das Vorhaben einzuschätzen.',
  },
  gdpr_consent: {
    name: 'Datenschutz-Einwilligung (DSGVO)',
    description: 'Bitte laden Sie Ihre unterschriebene Einwilligungserklärung zum Datenschutz hoch.',
    tooltip_description:
      'Mit der Einwilligung erklären Sie sich nach der Datenschutz-Grundverordnung (DSGVO) damit einverstanden, dass Ihre Daten und Unterlagen wie in der Erklärung beschrieben für Ihren Finanzierungsantrag verarbeitet werden. Wird eine Vorlage angeboten, füllen Sie bitte diese aus, unterschreiben Sie sie und laden Sie sie hoch.',
  },
  interim_statement: {
    name: 'Zwischenabschluss',
    description: 'Bitte laden Sie einen Zwischenabschluss für das laufende Geschäftsjahr hoch.',
    tooltip_description:
      'Ein Zwischenabschluss ist ein Abschluss mit Bilanz und Gewinn- und Verlustrechnung zu einem Stichtag im laufenden Geschäftsjahr, zum Beispiel zum Quartals- oder Halbjahresende. Sie erhalten ihn von Ihrer Steuerberatung.',
  },
  income_expense_statement_2022: {
    name: 'Einnahmen-Überschuss-Rechnung 2022',
    description: 'Bitte laden Sie Ihre Einnahmen-Überschuss-Rechnung (EÜR) für das Jahr 2022 hoch.',
    tooltip_description:
      'Die EÜR ermittelt den Gewinn aus Betriebseinnahmen und Betriebsausgaben und tritt bei Freiberuflern und kleineren Gewerbetreibenden ohne Bilanzierungspflicht an die Stelle des Jahresabschlusses. Sie erhalten sie in der Regel von Ihrer Steuerberatung, oft als Anlage EÜR zur Steuererklärung.',
  },
  income_expense_statement_2023: {
    name: 'Einnahmen-Überschuss-Rechnung 2023',
    description: 'Bitte laden Sie Ihre Einnahmen-Überschuss-Rechnung (EÜR) für das Jahr 2023 hoch.',
    tooltip_description:
      'Die EÜR ermittelt den Gewinn aus Betriebseinnahmen und Betriebsausgaben und tritt bei Freiberuflern und kleineren Gewerbetreibenden ohne Bilanzierungspflicht an die Stelle des Jahresabschlusses. Sie erhalten sie in der Regel von Ihrer Steuerberatung, oft als Anlage EÜR zur Steuererklärung.',
  },
  income_expense_statement_2024: {
    name: 'Einnahmen-Überschuss-Rechnung 2024',
    description: 'Bitte laden Sie Ihre Einnahmen-Überschuss-Rechnung (EÜR) für das Jahr 2024 hoch.',
    tooltip_description:
      'Die EÜR ermittelt den Gewinn aus Betriebseinnahmen und Betriebsausgaben und tritt bei Freiberuflern und kleineren Gewerbetreibenden ohne Bilanzierungspflicht an die Stelle des Jahresabschlusses. Sie erhalten sie in der Regel von Ihrer Steuerberatung, oft als Anlage EÜR zur Steuererklärung.',
  },
  draft_takeover_agreement: {
    name: 'Entwurf des Übernahmevertrags',
    description:
      'Bitte laden Sie den Entwurf des Kauf- bzw. Übernahmevertrags für die Praxis oder das Unternehmen hoch, das Sie übernehmen möchten.',
    tooltip_description:
      'Der Vertrag regelt in der Regel den Kaufpreis, die übernommenen Gegenstände, den Kunden- oder Patientenstamm und die übernommenen Verträge, den Übergabestichtag und die Zahlungsmodalitäten. Der aktuelle Entwurf genügt; er muss noch nicht unterschrieben sein.',
  },
  supplier_invoice: {
    name: 'Lieferantenrechnung',
    description: 'Bitte laden Sie die Rechnung oder das Angebot des Lieferanten für das zu finanzierende Objekt hoch.',
    tooltip_description:
      'Aus der Rechnung bzw. dem verbindlichen Angebot sollten der Lieferant, die genaue Bezeichnung des Objekts (zum Beispiel Maschine, Fahrzeug oder Ausstattung), der Preis und die Lieferbedingungen hervorgehen. Werden mehrere Objekte finanziert, laden Sie bitte alle zugehörigen Rechnungen oder Angebote hoch.',
  },
  general_terms_documents: {
    name: 'Allgemeine Geschäftsbedingungen',
    description:
      'Bitte laden Sie die Allgemeinen Geschäftsbedingungen (AGB) hoch, die Sie gegenüber Ihren Kunden verwenden.',
    tooltip_description:
      'Die AGB zeigen, zu welchen Bedingungen Sie liefern und abrechnen, zum Beispiel Zahlungsziele, Eigentumsvorbehalt, Gewährleistung und etwaige Abtretungsverbote. Sie sind vor allem beim Factoring wichtig, weil sie die Forderungen gegenüber Ihren Kunden betreffen.',
  },
  loan_contract: {
    name: 'Kreditvertrag',
    description: 'Der Kreditvertrag, den wir für Sie zur Unterschrift vorbereitet haben.',
    tooltip_description:
      'Ihr Ansprechpartner stellt den Kreditvertrag mit den vereinbarten Konditionen bereit. Bitte lesen Sie ihn sorgfältig; unterschrieben wird er im Reiter „Unterschriften“.',
  },
  guarantor_contract: {
    name: 'Bürgschaftsvertrag',
    description: 'Der Bürgschaftsvertrag für die Bürgen Ihres Kredits.',
    tooltip_description:
      'Die Bürgen Ihres Unternehmens unterschreiben diesen Vertrag. Er regelt die Bürgschaft, die sie für den Kredit übernehmen.',
  },
  guarantor_contract_signed: {
    name: 'Unterschriebener Bürgschaftsvertrag',
    description: 'Der von Ihnen auf Papier unterschriebene Bürgschaftsvertrag, eingescannt oder fotografiert.',
    tooltip_description:
      'Laden Sie den Bürgschaftsvertrag herunter, unterschreiben Sie ihn handschriftlich und laden Sie den Scan oder ein gut lesbares Foto als PDF, JPG oder PNG hoch.',
  },
  other: {
    name: 'Sonstige Unterlagen',
    description: 'Hier können Sie weitere Unterlagen hochladen, um die Ihr Berater Sie gebeten hat.',
    tooltip_description:
      'Hierher gehören Dokumente, die zu keinem anderen Dokumenttyp passen, zum Beispiel Verträge, Nachweise oder Erläuterungen zu Ihrem Antrag. Bitte benennen Sie die Dateien so, dass ihr Inhalt erkennbar ist.',
  },
};
