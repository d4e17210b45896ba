// NativeSelect's chevron: the sign-up page is the one guest screen with a select, so the chevron's
// stylesheet comes with it rather than with every screen outside the login entry (styles/guest-page-styles).
import '@mantine/core/styles/Combobox.css';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { businessStructures, businessTypes, structuresByBusinessType, type BusinessStructure, type BusinessType } from '@app/contracts';

type BusinessKind = { business_type: BusinessType; business_structure: BusinessStructure };

interface BusinessTypeSelectsProps {
  value: BusinessKind;
  onChange: (value: BusinessKind) => void;
  typeError?: string;
  structureError?: string;
}

/** Business type and structure; the structure list follows the chosen type. */
export function BusinessTypeSelects({ value, onChange, typeError, structureError }: BusinessTypeSelectsProps) {
  const { t } = useTranslation();
  const allowed = structuresByBusinessType[value.business_type];

  const changeType = (raw: string) => {
    const type = businessTypes.find((candidate) => candidate === raw);
    if (!type) return;
    const structures = structuresByBusinessType[type];
    const structure = structures.includes(value.business_structure) ? value.business_structure : structures[0];
    if (structure) onChange({ business_type: type, business_structure: structure });
  };

  const changeStructure = (raw: string) => {
    const structure = businessStructures.find((candidate) => candidate === raw);
    if (structure) onChange({ ...value, business_structure: structure });
  };

  return (
    <>
      <NativeSelect
        label={t('business.type')}
        value={value.business_type}
        onChange={(event) => changeType(event.currentTarget.value)}
        error={typeError}
        data={businessTypes.map((type) => ({ value: type, label: t(`business.types.${type}`) }))}
      />
      <NativeSelect
        label={t('business.structure')}
        value={value.business_structure}
        onChange={(event) => changeStructure(event.currentTarget.value)}
        error={structureError}
        data={allowed.map((structure) => ({ value: structure, label: t(`business.structures.${structure}`) }))}
      />
    </>
  );
}
