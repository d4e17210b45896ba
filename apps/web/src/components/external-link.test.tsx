import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ExternalLink } from './external-link';

function renderLink(url: string) {
  return render(
    <MantineProvider env="test">
      <p>
        <ExternalLink url={url} />
      </p>
    </MantineProvider>,
  );
}

describe('ExternalLink', () => {
  it('links an http(s) address in a new tab without opener or referrer', () => {
    renderLink('https://globex.example/');
    const link = screen.getByRole('link', { name: 'https://globex.example/' });
    expect(link).toHaveAttribute('href', 'https://globex.example/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows anything else as text, never as a link', () => {
    renderLink('javascript:alert(1)');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });
});
