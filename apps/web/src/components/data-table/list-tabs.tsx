import { Tabs } from '@mantine/core';

interface ListTabsProps<V extends string> {
  value: V;
  values: readonly V[];
  label: (value: V) => string;
  onChange: (value: V) => void;
}

/** The tabs above a list (status, say); the chosen one usually lives in the URL query. */
export function ListTabs<V extends string>({ value, values, label, onChange }: ListTabsProps<V>) {
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const chosen = values.find((candidate) => candidate === next);
        if (chosen) onChange(chosen);
      }}
    >
      <Tabs.List>
        {values.map((candidate) => (
          <Tabs.Tab key={candidate} value={candidate}>
            {label(candidate)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
