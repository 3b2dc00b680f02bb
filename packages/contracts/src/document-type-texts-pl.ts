import type { DocumentType, DocumentTypeLanguageTexts } from './document-rules.js';

/** The document types' texts in Polish (document-type-texts.ts). */
export const DOCUMENT_TYPE_TEXTS_PL: Record<DocumentType, DocumentTypeLanguageTexts> = {
  annual_statement_2020: {
    name: 'Roczne sprawozdanie finansowe 2020',
    description:
      'Prosimy o przesłanie rocznego sprawozdania finansowego za rok obrotowy 2020, zawierającego bilans oraz rachunek zysków i strat.',
    tooltip_description:
      'Chodzi o pełne roczne sprawozdanie finansowe za rok obrotowy 2020: bilans, rachunek zysków i strat oraz, jeśli została sporządzona, informację dodatkową. Zazwyczaj można je otrzymać od doradcy podatkowego lub biura rachunkowego.',
  },
  annual_statement_2021: {
    name: 'Roczne sprawozdanie finansowe 2021',
    description:
      'Prosimy o przesłanie rocznego sprawozdania finansowego za rok obrotowy 2021, zawierającego bilans oraz rachunek zysków i strat.',
    tooltip_description:
      'Chodzi o pełne roczne sprawozdanie finansowe za rok obrotowy 2021: bilans, rachunek zysków i strat oraz, jeśli została sporządzona, informację dodatkową. Zazwyczaj można je otrzymać od doradcy podatkowego lub biura rachunkowego.',
  },
  annual_statement_2022: {
    name: 'Roczne sprawozdanie finansowe 2022',
    description:
      'Prosimy o przesłanie rocznego sprawozdania finansowego za rok obrotowy 2022, zawierającego bilans oraz rachunek zysków i strat.',
    tooltip_description:
      'Chodzi o pełne roczne sprawozdanie finansowe za rok obrotowy 2022: bilans, rachunek zysków i strat oraz, jeśli została sporządzona, informację dodatkową. Zazwyczaj można je otrzymać od doradcy podatkowego lub biura rachunkowego.',
  },
  annual_statement_2023: {
    name: 'Roczne sprawozdanie finansowe 2023',
    description:
      'Prosimy o przesłanie rocznego sprawozdania finansowego za rok obrotowy 2023, zawierającego bilans oraz rachunek zysków i strat.',
    tooltip_description:
      'Chodzi o pełne roczne sprawozdanie finansowe za rok obrotowy 2023: bilans, rachunek zysków i strat oraz, jeśli została sporządzona, informację dodatkową. Zazwyczaj można je otrzymać od doradcy podatkowego lub biura rachunkowego.',
  },
  annual_statement_2024: {
    name: 'Roczne sprawozdanie finansowe 2024',
    description:
      'Prosimy o przesłanie rocznego sprawozdania finansowego za rok obrotowy 2024, zawierającego bilans oraz rachunek zysków i strat.',
    tooltip_description:
      'Chodzi o pełne roczne sprawozdanie finansowe za rok obrotowy 2024: bilans, rachunek zysków i strat oraz, jeśli została sporządzona, informację dodatkową. Zazwyczaj można je otrzymać od doradcy podatkowego lub biura rachunkowego.',
  },
  bwa: {
    name: 'BWA (bieżąca analiza ekonomiczna)',
    description:
      'Prosimy o przesłanie aktualnej BWA (bieżącej analizy ekonomicznej), czyli miesięcznego raportu z księgowości.',
    tooltip_description:
      'BWA to okresowe zestawienie z księgowości pokazujące przychody, koszty i wstępny wynik, sporządzane zwykle co miesiąc w systemie DATEV lub przez doradcę podatkowego. Prosimy o przesłanie najnowszej BWA z danymi narastającymi od początku roku, najlepiej z porównaniem do roku poprzedniego.',
  },
  susa: {
    name: 'SuSa (zestawienie obrotów i sald)',
    description: 'Prosimy o przesłanie aktualnego zestawienia obrotów i sald (SuSa).',
    tooltip_description:
      'Zestawienie obrotów i sald obejmuje wszystkie konta księgi głównej wraz z obrotami i saldami. Można je uzyskać z systemu DATEV lub od doradcy podatkowego, zazwyczaj na ten sam dzień co BWA.',
  },
  bwa_susa: {
    name: 'BWA z zestawieniem obrotów i sald',
    description: 'Prosimy o przesłanie aktualnej BWA wraz z zestawieniem obrotów i sald (SuSa) na ten sam dzień.',
    tooltip_description:
      'BWA (bieżąca analiza ekonomiczna) pokazuje przychody, koszty i wstępny wynik, a SuSa (zestawienie obrotów i sald) – salda wszystkich kont w księgowości. Oba dokumenty można uzyskać z systemu DATEV lub od doradcy podatkowego, najlepiej z danymi narastającymi od początku roku.',
  },
  debt_register: {
    name: 'Wyciąg z rejestru dłużników',
    description: 'Prosimy o przesłanie aktualnego wyciągu z rejestru dłużników (Schuldnerverzeichnis).',
    tooltip_description:
      'Wyciąg pokazuje, czy w rejestrze dłużników znajdują się wpisy dotyczące firmy lub jej właściciela. W Niemczech można go uzyskać w centralnym sądzie egzekucyjnym właściwego kraju związkowego lub przez wspólny portal egzekucyjny krajów związkowych (Vollstreckungsportal).',
  },
  bank_statement: {
    name: 'Wyciąg bankowy',
    description: 'Prosimy o przesłanie wyciągów z rachunku firmowego.',
    tooltip_description:
      'Potrzebne są pełne wyciągi z rachunku firmowego ze wszystkimi transakcjami, zazwyczaj za ostatnie trzy miesiące. W przypadku kilku rachunków firmowych prosimy o przesłanie wyciągów ze wszystkich. Można je pobrać z bankowości internetowej lub uzyskać w banku.',
  },
  business_plan: {
    name: 'Biznesplan',
    description: 'Prosimy o przesłanie biznesplanu przedsięwzięcia, które ma zostać sfinansowane.',
    tooltip_description:
      'Biznesplan opisuje firmę lub przedsięwzięcie, rynek i konkurencję, organizację oraz prognozy finansowe (planowane przychody, koszty i płynność). Jest szczególnie ważny przy zakładaniu firmy, przejęciach i większych inwestycjach.',
  },
  investment_cost_plan: {
    name: 'Plan inwestycji i kosztów',
    description: 'Prosimy o przesłanie zestawienia planowanych inwestycji i kosztów przedsięwzięcia.',
    tooltip_description:
      'Zestawienie powinno obejmować wszystkie planowane zakupy i koszty wraz z kwotami, np. cenę zakupu, prace adaptacyjne, wyposażenie, zapasy i koszty rozruchu. Oferty lub kosztorysy, na których opierają się kwoty, ułatwiają ocenę wniosku.',
  },
  invoice_samples: {
    name: 'Przykładowe faktury',
    description: 'Prosimy o przesłanie kilku przykładowych faktur wystawionych klientom.',
    tooltip_description:
      'Przykłady pokazują sposób fakturowania: układ faktur, terminy i warunki płatności. Prosimy wybrać aktualne faktury sprzedażowe wystawione różnym klientom.',
  },
  open_items_list: {
    name: 'Lista otwartych należności i zobowiązań',
    description: 'Prosimy o przesłanie aktualnej listy otwartych pozycji, obejmującej należności i zobowiązania.',
    tooltip_description:
      'Lista otwartych pozycji obejmuje wszystkie niezapłacone faktury: należności od klientów (dłużników) i zobowiązania wobec dostawców (wierzycieli), każdą z kwotą i terminem płatności. Można ją uzyskać z programu księgowego, z systemu DATEV lub od doradcy podatkowego.',
  },
  tax_assessment_notice: {
    name: 'Decyzja w sprawie wymiaru podatku',
    description:
      'Prosimy o przesłanie najnowszej decyzji urzędu skarbowego w sprawie wymiaru podatku (Steuerbescheid).',
    tooltip_description:
      'Chodzi o decyzję urzędu skarbowego ustalającą wysokość podatku, np. podatku dochodowego od osób fizycznych lub od osób prawnych. Prosimy o przesłanie pełnej decyzji ze wszystkimi stronami i objaśnieniami.',
  },
  debtor_list: {
    name: 'Lista dłużników',
    description: 'Prosimy o przesłanie listy klientów (dłużników) z otwartymi fakturami.',
    tooltip_description:
      'Na potrzeby faktoringu potrzebne są dla każdego klienta: nazwa i adres, otwarte faktury z kwotą i terminem płatności oraz, w miarę możliwości, roczny obrót z tym klientem. Listę można zazwyczaj wygenerować z programu księgowego lub systemu magazynowo-handlowego.',
  },
  signed_cv: {
    name: 'Podpisane CV',
    description: 'Prosimy o przesłanie aktualnego, podpisanego CV.',
    tooltip_description:
      'CV powinno przedstawiać przebieg kariery zawodowej, kwalifikacje i doświadczenie w branży oraz zawierać datę i podpis. Jeśli firma ma kilku wspólników lub członków zarządu, prosimy o przesłanie CV każdej z tych osób.',
  },
  licence_to_practise: {
    name: 'Prawo wykonywania zawodu',
    description:
      'Prosimy o przesłanie dokumentu potwierdzającego prawo wykonywania zawodu (Approbation) lub innego zezwolenia na wykonywanie zawodu.',
    tooltip_description:
      'Chodzi o dokument, którym właściwy urząd przyznał prawo wykonywania zawodu, np. lekarza, lekarza dentysty, lekarza weterynarii, farmaceuty lub psychoterapeuty. W przypadku praktyki przyjmującej pacjentów ustawowego ubezpieczenia zdrowotnego prosimy dodatkowo przesłać dopuszczenie do udzielania świadczeń w ramach tego ubezpieczenia (Kassenzulassung), jeśli zostało wydane.',
  },
  specialist_certification: {
    name: 'Dyplom specjalizacji',
    description: 'Prosimy o przesłanie dyplomu uzyskania tytułu lekarza specjalisty (Facharzturkunde).',
    tooltip_description:
      'Dyplom wydaje właściwa izba lekarska kraju związkowego (Landesärztekammer) po zdaniu egzaminu specjalizacyjnego. W przypadku lekarzy dentystów odpowiednikiem jest dyplom wydany przez izbę lekarsko-dentystyczną kraju związkowego.',
  },
  brokerage_contract: {
    name: 'Umowa pośrednictwa',
    description: 'Prosimy o przesłanie umowy pośrednictwa zawartej z pośrednikiem lub agentem.',
    tooltip_description:
      'Chodzi o umowę z pośrednikiem, który pośredniczy w tym finansowaniu lub w nabyciu nieruchomości albo przedsiębiorstwa, wraz z uzgodnioną prowizją. Prosimy o przesłanie pełnej umowy ze wszystkimi załącznikami.',
  },
  monthly_service_fee_contract: {
    name: 'Umowa o miesięczną opłatę serwisową',
    description: 'Prosimy o przesłanie umowy, w której uzgodniono miesięczne opłaty serwisowe.',
    tooltip_description:
      'Chodzi o umowę o usługi opłacane regularną miesięczną opłatą, np. serwis, obsługę, abonament na oprogramowanie lub usługi rozliczeniowe. Istotne są strony umowy, wysokość miesięcznej opłaty, okres obowiązywania i terminy wypowiedzenia.',
  },
  sales_offer_file: {
    name: 'Oferta sprzedaży',
    description:
      'Prosimy o przesłanie prospektu sprzedażowego (exposé) lub oferty sprzedaży przedsiębiorstwa, praktyki lub nieruchomości, które ma zostać nabyte.',
    tooltip_description:
      'Prospekt przygotowuje sprzedający lub pośrednik; zawiera on zazwyczaj opis, najważniejsze dane finansowe, cenę ofertową oraz informacje o lokalizacji i wyposażeniu. Pomaga on ocenić cenę zakupu i całe przedsięwzięcie.',
  },
  gdpr_consent: {
    name: 'Zgoda RODO',
    description: 'Prosimy o przesłanie podpisanej zgody na przetwarzanie danych osobowych.',
    tooltip_description:
      'Zgoda udzielona na podstawie ogólnego rozporządzenia o ochronie danych (RODO) pozwala na przetwarzanie danych i dokumentów na potrzeby wniosku o finansowanie w zakresie opisanym w oświadczeniu. Jeśli udostępniono wzór, prosimy go wypełnić, podpisać i przesłać.',
  },
  interim_statement: {
    name: 'Sprawozdanie śródroczne',
    description: 'Prosimy o przesłanie sprawozdania śródrocznego za bieżący rok obrotowy.',
    tooltip_description:
      'Sprawozdanie śródroczne to sprawozdanie z bilansem oraz rachunkiem zysków i strat sporządzone na dzień w trakcie bieżącego roku obrotowego, np. na koniec kwartału lub półrocza. Można je uzyskać od doradcy podatkowego lub biura rachunkowego.',
  },
  income_expense_statement_2022: {
    name: 'Zestawienie przychodów i kosztów 2022',
    description:
      'Prosimy o przesłanie zestawienia przychodów i kosztów (Einnahmen-Überschuss-Rechnung, EÜR) za rok 2022.',
    tooltip_description:
      'EÜR ustala zysk na podstawie przychodów i wydatków firmy i zastępuje roczne sprawozdanie finansowe w przypadku wolnych zawodów i mniejszych przedsiębiorców, którzy nie mają obowiązku sporządzania bilansu. Zazwyczaj sporządza ją doradca podatkowy, często jako załącznik EÜR (Anlage EÜR) do zeznania podatkowego.',
  },
  income_expense_statement_2023: {
    name: 'Zestawienie przychodów i kosztów 2023',
    description:
      'Prosimy o przesłanie zestawienia przychodów i kosztów (Einnahmen-Überschuss-Rechnung, EÜR) za rok 2023.',
    tooltip_description:
      'EÜR ustala zysk na podstawie przychodów i wydatków firmy i zastępuje roczne sprawozdanie finansowe w przypadku wolnych zawodów i mniejszych przedsiębiorców, którzy nie mają obowiązku sporządzania bilansu. Zazwyczaj sporządza ją doradca podatkowy, często jako załącznik EÜR (Anlage EÜR) do zeznania podatkowego.',
  },
  income_expense_statement_2024: {
    name: 'Zestawienie przychodów i kosztów 2024',
    description:
      'Prosimy o przesłanie zestawienia przychodów i kosztów (Einnahmen-Überschuss-Rechnung, EÜR) za rok 2024.',
    tooltip_description:
      'EÜR ustala zysk na podstawie przychodów i wydatków firmy i zastępuje roczne sprawozdanie finansowe w przypadku wolnych zawodów i mniejszych przedsiębiorców, którzy nie mają obowiązku sporządzania bilansu. Zazwyczaj sporządza ją doradca podatkowy, często jako załącznik EÜR (Anlage EÜR) do zeznania podatkowego.',
  },
  draft_takeover_agreement: {
    name: 'Projekt umowy przejęcia',
    description:
      'Prosimy o przesłanie projektu umowy sprzedaży lub przejęcia praktyki albo przedsiębiorstwa, które ma zostać przejęte.',
    tooltip_description:
      'Umowa określa zazwyczaj cenę zakupu, przejmowane składniki majątku, bazę klientów lub pacjentów i przejmowane umowy, dzień przekazania oraz warunki płatności. Wystarczy aktualny projekt; nie musi on być jeszcze podpisany.',
  },
  supplier_invoice: {
    name: 'Faktura dostawcy',
    description: 'Prosimy o przesłanie faktury lub oferty dostawcy dotyczącej finansowanego przedmiotu.',
    tooltip_description:
      'Z faktury lub wiążącej oferty powinny wynikać: dostawca, dokładny opis przedmiotu (np. maszyny, pojazdu lub wyposażenia), cena i warunki dostawy. W przypadku finansowania kilku przedmiotów prosimy o przesłanie wszystkich powiązanych faktur lub ofert.',
  },
  general_terms_documents: {
    name: 'Ogólne warunki handlowe',
    description: 'Prosimy o przesłanie ogólnych warunków handlowych stosowanych wobec klientów.',
    tooltip_description:
      'Ogólne warunki handlowe pokazują, na jakich zasadach odbywają się dostawy i rozliczenia, np. terminy płatności, zastrzeżenie prawa własności, rękojmię i ewentualny zakaz cesji wierzytelności. Są one szczególnie ważne przy faktoringu, ponieważ dotyczą należności od klientów.',
  },
  loan_contract: {
    name: 'Umowa kredytowa',
    description: 'Umowa kredytowa przygotowana dla Państwa do podpisu.',
    tooltip_description:
      'Doradca udostępnia umowę kredytową z uzgodnionymi warunkami. Prosimy o uważne zapoznanie się z nią; podpisuje się ją w zakładce „Podpisy”.',
  },
  guarantor_contract: {
    name: 'Umowa poręczenia',
    description: 'Umowa poręczenia dla poręczycieli kredytu.',
    tooltip_description:
      'Poręczyciele Państwa firmy podpisują tę umowę. Określa ona poręczenie, którego udzielają za kredyt.',
  },
  guarantor_contract_signed: {
    name: 'Podpisana umowa poręczenia',
    description: 'Umowa poręczenia podpisana przez Panią/Pana na papierze, zeskanowana lub sfotografowana.',
    tooltip_description:
      'Proszę pobrać umowę poręczenia, podpisać ją odręcznie i przesłać skan lub czytelne zdjęcie w formacie PDF, JPG lub PNG.',
  },
  other: {
    name: 'Inne dokumenty',
    description: 'Tutaj można przesłać inne dokumenty, o które poprosił doradca.',
    tooltip_description:
      'Tu należy umieszczać dokumenty, które nie pasują do żadnego innego rodzaju dokumentu, np. umowy, zaświadczenia lub wyjaśnienia dotyczące wniosku. Prosimy nadawać plikom nazwy, z których wynika ich zawartość.',
  },
};
