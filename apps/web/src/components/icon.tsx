/** Small inline stroke icons for the menu icon names the server sends (no icon library). */
const paths: Record<string, readonly string[]> = {
  home: ['M5 12H3l9-9 9 9h-2', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7'],
  users: ['M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2', 'M16 3.13a4 4 0 0 1 0 7.75', 'M21 21v-2a4 4 0 0 0-3-3.85'],
  user: ['M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2'],
  building: ['M3 21h18', 'M5 21V7l8-4v18', 'M19 21V11l-6-4', 'M9 9v.01', 'M9 12v.01', 'M9 15v.01'],
  box: ['M12 3l8 4.5v9L12 21l-8-4.5v-9z', 'M12 12l8-4.5', 'M12 12v9', 'M12 12L4 7.5'],
  'file-invoice': ['M14 3v4a1 1 0 0 0 1 1h4', 'M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z', 'M9 7h1', 'M9 13h6', 'M13 17h2'],
  'file-text': ['M14 3v4a1 1 0 0 0 1 1h4', 'M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z', 'M9 9h1', 'M9 13h6', 'M9 17h6'],
  repeat: ['M4 12V9a3 3 0 0 1 3-3h13m-3-3 3 3-3 3', 'M20 12v3a3 3 0 0 1-3 3H4m3 3-3-3 3-3'],
  cash: ['M3 7h18v10H3z', 'M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0'],
  scale: ['M7 20h10', 'M6 6l6-1 6 1', 'M12 3v17', 'M9 12L6 6l-3 6a3 3 0 0 0 6 0', 'M21 12l-3-6-3 6a3 3 0 0 0 6 0'],
  chart: ['M3 3v18h18', 'M7 15l4-4 3 3 5-5'],
  history: ['M12 8v4l2 2', 'M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5'],
  settings: ['M9 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0', 'M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1'],
  edit: ['M4 20h4L18.5 9.5a2.83 2.83 0 1 0-4-4L4 16v4', 'M13.5 6.5l4 4'],
  bell: ['M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6', 'M9 17v1a3 3 0 0 0 6 0v-1'],
  lock: ['M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z', 'M8 11V7a4 4 0 1 1 8 0v4'],
  percentage: ['M16 17a1 1 0 1 0 2 0a1 1 0 1 0-2 0', 'M6 7a1 1 0 1 0 2 0a1 1 0 1 0-2 0', 'M6 18L18 6'],
  clock: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0', 'M12 7v5l3 3'],
  notes: ['M5 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z', 'M9 7h6', 'M9 11h6', 'M9 15h4'],
  'credit-card': ['M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3z', 'M3 10h18', 'M7 15h.01', 'M11 15h2'],
  plug: ['M9.8 6 18 14.2l-2 2.1a5.8 5.8 0 1 1-8.3-8.3z', 'M4 20l3.5-3.5', 'M15 4l-3.5 3.5', 'M20 9l-3.5 3.5'],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M5 6v.01', 'M5 12v.01', 'M5 18v.01'],
  mail: ['M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M3 7l9 6 9-6'],
  'chevron-down': ['M6 9l6 6 6-6'],
  plus: ['M12 5v14', 'M5 12h14'],
  upload: ['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2', 'M7 9l5-5 5 5', 'M12 4v12'],
  logout: ['M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2', 'M9 12h12l-3-3', 'M18 15l3-3'],
  'arrow-left': ['M5 12h14', 'M5 12l6 6', 'M5 12l6-6'],
  dots: ['M5 12h.01', 'M12 12h.01', 'M19 12h.01'],
  trash: ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12', 'M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3'],
  search: ['M3 10a7 7 0 1 0 14 0a7 7 0 1 0-14 0', 'M21 21l-6-6'],
  bolt: ['M13 3v7h6l-8 11v-7H5l8-11'],
  'chevron-up': ['M6 15l6-6l6 6'],
  download: ['M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2', 'M7 11l5 5l5-5', 'M12 4v12'],
  webhook: ['M4.9 13.6a4 4 0 1 0 6.1 3.4h6', 'M15.1 20.5a4 4 0 1 0 1.9-7.5c-.7 0-1.4.2-2 .5l-3-5.5', 'M16 8a4 4 0 1 0-8 0c0 1.5.8 2.8 2 3.5l-3 5.5'],
};

const fallback = ['M12 12m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0'];

export function Icon({ name, size = 18 }: { name: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {(paths[name] ?? fallback).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
