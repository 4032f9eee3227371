import { useLanguage, useT } from '../../../i18n/use-t';
import type { DraftSection } from '../lib/draft-sections';
import { authoringCatalog } from '../messages/catalog';
import { SelectField } from './form-fields';

/** Which section a question is in (issue 26); fixed once participants have started (ADR 022). */
export function QuestionSectionField({
  sections,
  value,
  frozen,
  onChange,
}: {
  sections: DraftSection[];
  value: number | null;
  frozen: boolean;
  onChange(section: number): void;
}) {
  const t = useT(authoringCatalog);
  const language = useLanguage();
  const options = sections.map((s, i) => {
    const name = (language === 'hi' ? s.nameHi : s.name).trim() || s.name.trim();
    return {
      value: String(i),
      label: name
        ? `${t('authoring.sections.unnamed', { number: i + 1 })}: ${name}`
        : t('authoring.sections.unnamed', { number: i + 1 }),
    };
  });
  return (
    <SelectField
      className="mt-3"
      label={t('authoring.question.section')}
      value={value === null ? '0' : String(value)}
      disabled={frozen}
      onChange={(e) => onChange(Number(e.target.value))}
      options={options}
    />
  );
}
