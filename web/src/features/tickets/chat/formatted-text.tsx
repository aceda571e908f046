import { Code, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { parseWhatsApp, truncateNodes, type FormatNode } from './whatsapp-format.js';

/**
 * A formatting tree as React elements (text nodes only: a contact's text is never HTML). In a bubble
 * links open in a new tab; in a preview (a clickable list row) they are plain text.
 */
const render = (nodes: FormatNode[], preview: boolean): ReactNode[] =>
  nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={index}>{render(node.children, preview)}</strong>;
      case 'italic':
        return <em key={index}>{render(node.children, preview)}</em>;
      case 'strike':
        return <s key={index}>{render(node.children, preview)}</s>;
      case 'mono':
        return preview ? (
          <code key={index}>{node.text}</code>
        ) : (
          <Code key={index} whiteSpace="pre-wrap" fontSize="0.9em">
            {node.text}
          </Code>
        );
      case 'link':
        return preview ? (
          node.text
        ) : (
          <Link
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            color="blue.fg"
            textDecoration="underline"
            wordBreak="break-all"
          >
            {node.text}
          </Link>
        );
    }
  });

/** A message body with WhatsApp's formatting. */
export const FormattedText = ({ text }: { text: string }) => (
  <>{render(parseWhatsApp(text), false)}</>
);

/** A row's last message: formatted lightly, cut at `max` visible characters. */
export const FormattedPreview = ({ text, max = 40 }: { text: string; max?: number }) => (
  <>{render(truncateNodes(parseWhatsApp(text), max), true)}</>
);
