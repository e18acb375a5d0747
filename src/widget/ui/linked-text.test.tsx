/// <reference types="mocha" />
// Links inside error messages (spec section 8): an https address in a server error_message renders as a link that
// opens in a new tab with rel=noopener; anything else (http, javascript:, markup) stays text.
import { expect } from 'chai';
import { until } from '../../../test/support/poll.ts';
import { freshReactRoot } from '../../../test/support/react-root.ts';
import { linkSegments } from './LinkedText.tsx';
import { TextInput } from './TextInput.tsx';

const PROVIDER_URL = 'https://status.example-provider.com/incidents/42';

describe('links in error messages', () => {
  const react = freshReactRoot();

  const renderError = async (error: string) => {
    react.root.render(<TextInput label="Email" error={error} />);
    return until(() => {
      const line = react.host.querySelector<HTMLElement>('[part~="error"]');
      return line?.textContent && line;
    }, 'the error line');
  };

  it('splits a message into text and https links, leaving sentence punctuation outside the link', () => {
    expect(linkSegments(`Sign-in is paused, see ${PROVIDER_URL}. Try again later.`)).to.deep.equal([
      { text: 'Sign-in is paused, see ' },
      { href: PROVIDER_URL, text: PROVIDER_URL },
      { text: '. Try again later.' },
    ]);
    expect(linkSegments('(https://a.example/x), https://b.example')).to.deep.equal([
      { text: '(' },
      { href: 'https://a.example/x', text: 'https://a.example/x' },
      { text: '), ' },
      { href: 'https://b.example/', text: 'https://b.example' },
    ]);
    expect(linkSegments('No link here.')).to.deep.equal([{ text: 'No link here.' }]);
  });

  it('keeps http, javascript: and data: addresses as text', () => {
    for (const message of [
      'See http://insecure.example/help',
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://',
    ]) {
      expect(linkSegments(message)).to.deep.equal([{ text: message }]);
    }
  });

  it('renders the link in the field error: target _blank, rel noopener, the address as its text', async () => {
    const line = await renderError(`Your provider refused the sign-in: ${PROVIDER_URL}`);
    const links = [...line.querySelectorAll('a')];
    expect(links).to.have.length(1);
    const [link] = links;
    expect(link!.getAttribute('href')).to.equal(PROVIDER_URL);
    expect(link!.getAttribute('target')).to.equal('_blank');
    expect(link!.getAttribute('rel')).to.equal('noopener');
    expect(link!.getAttribute('part')).to.equal('link');
    expect(link!.textContent).to.equal(PROVIDER_URL);
    expect(line.textContent).to.equal(`Your provider refused the sign-in: ${PROVIDER_URL}`);
  });

  it('shows markup in a message as text, never as HTML', async () => {
    const message = `<img src=x onerror="window.__injected=1"><a href="javascript:alert(1)">click</a> ${PROVIDER_URL}`;
    const line = await renderError(message);
    expect(line.querySelector('img')).to.equal(null);
    expect([...line.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal([PROVIDER_URL]);
    expect(line.textContent).to.equal(message);
    expect((window as { __injected?: number }).__injected).to.equal(undefined);
  });
});
