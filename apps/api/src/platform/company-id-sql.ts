import { sql, type SQL } from 'drizzle-orm';
import { companyIdColumn, type CompanyIdType } from '@finportal/contracts/company-ids';

/**
 * The SQL side of `companyIdKey` (contracts/company-ids.ts): a stored register number or tax id
 * in the canonical form of an id type, so that a typed id (its key) is compared with it. The
 * companies and the demo registry store ids as the register writes them ("HRB 123456 B",
 * "FN 214365k", "CHE-123.456.789").
 */
export function companyIdSql(type: CompanyIdType, columns: { register_number: SQL; tax_id_number: SQL }): SQL {
  const column = columns[companyIdColumn(type)];
  const norm = sql`upper(regexp_replace(coalesce(${column}, ''), '[^A-Za-z0-9]', '', 'g'))`;
  switch (type) {
    case 'hr_number':
      return sql`regexp_replace(${norm}, '^([A-Z]{1,4})([0-9]{1,7})[A-Z]{0,3}$', '\\1\\2')`;
    case 'fn_number':
      return sql`regexp_replace(${norm}, '^(FN)?', 'FN')`;
    case 'uid':
      return sql`regexp_replace(${norm}, '^(CHE)?', 'CHE')`;
    case 'krs':
      return sql`lpad(${norm}, 10, '0')`;
    case 'nip':
      return sql`regexp_replace(${norm}, '^PL', '')`;
    case 'vat_id':
      return norm;
  }
}

/** `<stored id in canonical form> = key`, and the stored id is not empty. */
export function companyIdMatches(
  type: CompanyIdType,
  key: string,
  columns: { register_number: SQL; tax_id_number: SQL },
): SQL {
  return sql`(${columns[companyIdColumn(type)]} IS NOT NULL AND ${companyIdSql(type, columns)} = ${key})`;
}
