import type { DemoLocale } from './demo-names';

/**
 * About-me fragments per locale, combined as intro + 1-2 "me" sentences + what they seek
 * + an optional closer, which gives thousands of distinct texts per language.
 * `{male form|female form}` resolves by the member's gender (French, Italian, Spanish and
 * Polish adjectives agree with the speaker); `%city%` becomes the member's town. Finnish
 * and Polish fragments never use `%city%` because the name would need a case ending.
 */
export interface AboutFragments {
  intro: string[];
  me: string[];
  seeking: string[];
  closer: string[];
}

export const ABOUT_FRAGMENTS: Record<DemoLocale, AboutFragments> = {
  en: {
    intro: ['Hi there!', 'I’m new here and curious who I’ll meet.', 'Living in %city% and loving it.', 'Hey, thanks for stopping by my profile.', 'Let me tell you a little about myself.', 'Life is too short for boring conversations.'],
    me: [
      'I’m a good listener with a cheeky sense of humour.',
      'At weekends you’ll find me on a long walk, at a market or at a cosy table with friends.',
      'I love a good playlist, a glass of wine and a conversation that lasts until midnight.',
      'People say I’m spontaneous, warm and a little bit stubborn.',
      'I cook better than I dance, but I do both with enthusiasm.',
      'Travelling, live music and lazy Sunday mornings make me happy.',
      'I work hard, but I never forget to enjoy the little things.',
    ],
    seeking: ['I’m looking for someone who can make me laugh.', 'Hoping to meet someone genuine, with a twinkle in their eye.', 'Looking for a spark, and we’ll see where it leads.', 'I’d love to find someone to explore %city% with.', 'Open to a fun date and whatever follows.', 'Looking for chemistry, good chats and honest people.'],
    closer: ['Say hi, I don’t bite… much.', 'Send me a message and surprise me!', 'Curious? So am I 😉', 'Your move!', 'Coffee first?'],
  },
  nl: {
    intro: ['Hoi!', 'Nieuw hier en benieuwd wie ik tegenkom.', 'Ik woon in %city% en geniet van het leven.', 'Leuk dat je even kijkt!', 'Even kort iets over mezelf.', 'Het leven is te kort voor saaie gesprekken.'],
    me: [
      'Ik ben spontaan, eerlijk en heb een flinke dosis humor.',
      'In het weekend fiets ik graag, of zit ik op een terrasje met vrienden.',
      'Goede muziek, een glas wijn en een gesprek tot diep in de nacht: daar word ik blij van.',
      'Ik kook graag voor anderen en ben altijd in voor iets nieuws.',
      'Mensen noemen mij warm, nieuwsgierig en een beetje eigenwijs.',
      'Reizen, festivals en lange wandelingen langs het strand vind ik heerlijk.',
      'Ik werk hard, maar geniet net zo hard van de kleine dingen.',
    ],
    seeking: ['Ik zoek iemand die me aan het lachen kan maken.', 'Ik hoop iemand te ontmoeten die echt is, met pretlichtjes in de ogen.', 'Op zoek naar een klik, en we zien wel waar het heen gaat.', 'Lijkt het je leuk om samen %city% onveilig te maken?', 'Ik sta open voor een leuke date en wat er daarna komt.', 'Ik zoek gezelligheid, spanning en een goed gesprek.'],
    closer: ['Stuur me gerust een berichtje!', 'Durf jij de eerste stap te zetten?', 'Nieuwsgierig geworden?', 'Eerst een kop koffie?', 'Ik bijt niet… meestal 😉'],
  },
  de: {
    intro: ['Hallo!', 'Neu hier und gespannt, wen ich kennenlerne.', 'Ich wohne in %city% und genieße das Leben.', 'Schön, dass du vorbeischaust!', 'Kurz ein paar Worte zu mir.', 'Das Leben ist zu kurz für langweilige Gespräche.'],
    me: [
      'Ich bin spontan, ehrlich und habe einen frechen Humor.',
      'Am Wochenende bin ich gern draußen unterwegs oder sitze mit Freunden in einem gemütlichen Café.',
      'Gute Musik, ein Glas Wein und Gespräche bis spät in die Nacht machen mich glücklich.',
      'Ich koche leidenschaftlich gern und probiere gern Neues aus.',
      'Freunde sagen, ich sei herzlich, neugierig und ein kleines bisschen dickköpfig.',
      'Reisen, Konzerte und lange Spaziergänge gehören zu meinen Lieblingsdingen.',
      'Ich arbeite viel, vergesse aber nie, die kleinen Dinge zu genießen.',
    ],
    seeking: ['Ich suche jemanden, der mich zum Lachen bringt.', 'Ich möchte jemanden kennenlernen, der ehrlich ist und ein Funkeln in den Augen hat.', 'Auf der Suche nach einem Funken – mal sehen, wohin er führt.', 'Lust, gemeinsam %city% zu entdecken?', 'Offen für ein schönes Date und alles, was danach kommt.', 'Ich suche Nähe, gute Gespräche und ein bisschen Kribbeln.'],
    closer: ['Schreib mir einfach!', 'Traust du dich, den ersten Schritt zu machen?', 'Neugierig geworden?', 'Erst mal auf einen Kaffee?', 'Ich beiße nicht… meistens 😉'],
  },
  fr: {
    intro: ['Coucou !', '{Nouveau|Nouvelle} sur le site et {curieux|curieuse} de voir qui je vais rencontrer.', "J'habite à %city% et je profite de la vie.", 'Merci de passer sur mon profil !', 'Quelques mots sur moi.', 'La vie est trop courte pour les conversations ennuyeuses.'],
    me: [
      "Je suis {spontané|spontanée}, sincère et j'ai beaucoup d'humour.",
      "Le week-end, j'aime me balader, flâner au marché ou prendre un verre en terrasse avec des amis.",
      "Une bonne playlist, un verre de vin et une conversation jusqu'au bout de la nuit : voilà mon bonheur.",
      "J'adore cuisiner pour les autres et je suis toujours {partant|partante} pour une nouvelle aventure.",
      "On me dit {chaleureux|chaleureuse}, {curieux|curieuse} et un peu têtu{|e}.",
      'Les voyages, les concerts et les dimanches matin paresseux me rendent heureu{x|se}.',
      'Je travaille beaucoup, mais je sais profiter des petits plaisirs.',
    ],
    seeking: ["Je cherche quelqu'un qui sait me faire rire.", "J'aimerais rencontrer une personne sincère, avec une étincelle dans le regard.", 'Je cherche le déclic, et on verra où cela nous mène.', 'Envie de découvrir %city% à deux ?', "Ouvert{|e} à un joli rendez-vous et à ce qui suivra.", 'Je cherche de la complicité, de belles discussions et un peu de frisson.'],
    closer: ["Écris-moi, je ne mords pas… enfin, pas souvent 😉", 'Alors, tu fais le premier pas ?', 'Curieux ou curieuse ? Moi aussi.', "Un café pour commencer ?", 'Surprends-moi !'],
  },
  it: {
    intro: ['Ciao!', 'Sono nuov{o|a} qui e {curioso|curiosa} di vedere chi incontrerò.', 'Vivo a %city% e mi godo la vita.', 'Grazie per aver visitato il mio profilo!', 'Due parole su di me.', 'La vita è troppo breve per le conversazioni noiose.'],
    me: [
      'Sono solare, {spontaneo|spontanea} e ho un bel senso dell’umorismo.',
      'Nel fine settimana mi trovi a fare una passeggiata, al mercato o a cena con gli amici.',
      'Buona musica, un bicchiere di vino e chiacchiere fino a tardi: ecco la mia felicità.',
      'Adoro cucinare per gli altri e sono sempre pront{o|a} per una nuova avventura.',
      'Dicono che sono {affettuoso|affettuosa}, {curioso|curiosa} e un po’ testard{o|a}.',
      'Viaggi, concerti e domeniche mattina pigre mi rendono felice.',
      'Lavoro tanto, ma non dimentico mai di godermi le piccole cose.',
    ],
    seeking: ['Cerco qualcuno che sappia farmi ridere.', 'Vorrei conoscere una persona sincera, con una scintilla negli occhi.', 'Cerco una scintilla, poi vedremo dove ci porta.', 'Ti va di scoprire %city% insieme?', 'Apert{o|a} a un bel appuntamento e a quello che verrà.', 'Cerco complicità, belle chiacchierate e un pizzico di brivido.'],
    closer: ['Scrivimi, non mordo… quasi mai 😉', 'Fai tu il primo passo?', 'Ti è venuta un po’ di curiosità?', 'Un caffè per cominciare?', 'Sorprendimi!'],
  },
  es: {
    intro: ['¡Hola!', 'Soy nuev{o|a} por aquí y tengo curiosidad por ver a quién conozco.', 'Vivo en %city% y disfruto de la vida.', '¡Gracias por pasarte por mi perfil!', 'Te cuento un poco sobre mí.', 'La vida es demasiado corta para conversaciones aburridas.'],
    me: [
      'Soy {espontáneo|espontánea}, {sincero|sincera} y con mucho sentido del humor.',
      'Los fines de semana me encanta pasear, ir al mercado o tomar algo en una terraza con amigos.',
      'Buena música, una copa de vino y una charla hasta la madrugada: así soy feliz.',
      'Me encanta cocinar para los demás y siempre me apunto a una aventura nueva.',
      'Dicen que soy {cariñoso|cariñosa}, {curioso|curiosa} y un poco cabezota.',
      'Los viajes, los conciertos y los domingos por la mañana sin prisas me hacen feliz.',
      'Trabajo mucho, pero nunca olvido disfrutar de las pequeñas cosas.',
    ],
    seeking: ['Busco a alguien que me haga reír.', 'Me gustaría conocer a alguien auténtico, con chispa en la mirada.', 'Busco esa chispa, y ya veremos adónde nos lleva.', '¿Te apetece descubrir %city% conmigo?', 'Abiert{o|a} a una cita divertida y a lo que surja.', 'Busco complicidad, buenas conversaciones y un poco de emoción.'],
    closer: ['Escríbeme, no muerdo… casi nunca 😉', '¿Te atreves a dar el primer paso?', '¿Te pica la curiosidad?', '¿Empezamos con un café?', '¡Sorpréndeme!'],
  },
  pl: {
    intro: ['Cześć!', 'Jestem tu now{y|a} i ciekaw{y|a}, kogo poznam.', 'Miło, że zaglądasz na mój profil!', 'Kilka słów o mnie.', 'Życie jest za krótkie na nudne rozmowy.', 'Hej, miło cię widzieć!'],
    me: [
      'Jestem {spontaniczny|spontaniczna}, {szczery|szczera} i mam duże poczucie humoru.',
      'W weekendy lubię długie spacery, targi śniadaniowe i wieczory ze znajomymi.',
      'Dobra muzyka, lampka wina i rozmowa do późna – to mój przepis na szczęście.',
      'Uwielbiam gotować dla innych i zawsze chętnie próbuję czegoś nowego.',
      'Znajomi mówią, że jestem {ciepły|ciepła}, {ciekawy|ciekawa} świata i trochę {uparty|uparta}.',
      'Podróże, koncerty i leniwe niedzielne poranki sprawiają mi radość.',
      'Dużo pracuję, ale umiem cieszyć się drobiazgami.',
    ],
    seeking: ['Szukam kogoś, kto mnie rozśmieszy.', 'Chciał{bym|abym} poznać kogoś szczerego, z iskierką w oku.', 'Szukam tej iskry, a potem zobaczymy, dokąd nas zaprowadzi.', 'Masz ochotę razem odkrywać okolicę?', 'Jestem {otwarty|otwarta} na fajną randkę i to, co przyniesie.', 'Szukam bliskości, dobrych rozmów i odrobiny dreszczyku.'],
    closer: ['Napisz do mnie, nie gryzę… prawie nigdy 😉', 'Odważysz się zrobić pierwszy krok?', '{Zaintrygowałem|Zaintrygowałam} cię?', 'Może najpierw kawa?', 'Zaskocz mnie!'],
  },
  sv: {
    intro: ['Hej!', 'Ny här och nyfiken på vem jag kommer att träffa.', 'Jag bor i %city% och njuter av livet.', 'Kul att du tittar in!', 'Lite om mig.', 'Livet är för kort för tråkiga samtal.'],
    me: [
      'Jag är spontan, ärlig och har massor av humor.',
      'På helgerna är jag gärna ute i naturen eller på ett mysigt café med vänner.',
      'Bra musik, ett glas vin och samtal till långt in på natten gör mig glad.',
      'Jag lagar gärna mat till andra och testar gärna nya saker.',
      'Vänner säger att jag är varm, nyfiken och lite envis.',
      'Resor, konserter och lata söndagsmorgnar är bland det bästa jag vet.',
      'Jag jobbar mycket men glömmer aldrig att njuta av det lilla.',
    ],
    seeking: ['Jag söker någon som får mig att skratta.', 'Hoppas träffa någon äkta, med glimten i ögat.', 'Letar efter en gnista, så får vi se vart den leder.', 'Vill du upptäcka %city% tillsammans?', 'Öppen för en rolig dejt och det som kommer sen.', 'Jag söker närhet, bra samtal och lite pirr.'],
    closer: ['Skriv gärna till mig!', 'Vågar du ta första steget?', 'Blev du nyfiken?', 'En fika först?', 'Jag bits inte… oftast 😉'],
  },
  da: {
    intro: ['Hej!', 'Ny herinde og spændt på, hvem jeg møder.', 'Jeg bor i %city% og nyder livet.', 'Dejligt, at du kigger forbi!', 'Lidt om mig.', 'Livet er for kort til kedelige samtaler.'],
    me: [
      'Jeg er spontan, ærlig og har en god portion humor.',
      'I weekenden er jeg gerne ude i naturen eller på en hyggelig café med venner.',
      'God musik, et glas vin og en snak til langt ud på natten gør mig glad.',
      'Jeg elsker at lave mad til andre og prøver gerne noget nyt.',
      'Mine venner siger, at jeg er varm, nysgerrig og en smule stædig.',
      'Rejser, koncerter og dovne søndagsmorgener er noget af det bedste, jeg ved.',
      'Jeg arbejder meget, men glemmer aldrig at nyde de små ting.',
    ],
    seeking: ['Jeg søger en, der kan få mig til at grine.', 'Håber at møde en ægte person med glimt i øjet.', 'På udkig efter en gnist, så må vi se, hvor den fører hen.', 'Har du lyst til at udforske %city% sammen?', 'Åben for en sjov date og det, der kommer bagefter.', 'Jeg søger nærvær, gode snakke og lidt sommerfugle i maven.'],
    closer: ['Skriv endelig til mig!', 'Tør du tage det første skridt?', 'Blev du nysgerrig?', 'En kop kaffe først?', 'Jeg bider ikke… som regel 😉'],
  },
  nb: {
    intro: ['Hei!', 'Ny her og spent på hvem jeg møter.', 'Jeg bor i %city% og nyter livet.', 'Hyggelig at du tar en titt!', 'Litt om meg.', 'Livet er for kort for kjedelige samtaler.'],
    me: [
      'Jeg er spontan, ærlig og har godt humør.',
      'I helgene er jeg gjerne på tur i skog og fjell eller på en koselig kafé med venner.',
      'God musikk, et glass vin og prat til langt på natt gjør meg glad.',
      'Jeg elsker å lage mat til andre og prøver gjerne noe nytt.',
      'Venner sier at jeg er varm, nysgjerrig og litt sta.',
      'Reiser, konserter og late søndagsmorgener er noe av det beste jeg vet.',
      'Jeg jobber mye, men glemmer aldri å nyte de små tingene.',
    ],
    seeking: ['Jeg ser etter noen som får meg til å le.', 'Håper å møte noen ekte, med glimt i øyet.', 'På jakt etter en gnist, så får vi se hvor den fører.', 'Lyst til å utforske %city% sammen?', 'Åpen for en morsom date og det som kommer etterpå.', 'Jeg ser etter nærhet, gode samtaler og litt sommerfugler i magen.'],
    closer: ['Send meg gjerne en melding!', 'Tør du ta det første steget?', 'Ble du nysgjerrig?', 'En kaffe først?', 'Jeg biter ikke… som regel 😉'],
  },
  fi: {
    intro: ['Moi!', 'Uusi täällä ja utelias näkemään, keihin tutustun.', 'Kiva, että kurkkaat profiiliini!', 'Vähän minusta.', 'Elämä on liian lyhyt tylsille keskusteluille.', 'Hei vaan!'],
    me: [
      'Olen spontaani, rehellinen ja minulla on hyvä huumorintaju.',
      'Viikonloppuisin liikun mielelläni luonnossa tai istun kahvilassa ystävien kanssa.',
      'Hyvä musiikki, lasillinen viiniä ja juttelu pitkälle yöhön tekevät minut onnelliseksi.',
      'Rakastan kokata muille ja kokeilen mielelläni uusia asioita.',
      'Ystävien mukaan olen lämmin, utelias ja vähän jääräpäinen.',
      'Matkustaminen, keikat ja laiskat sunnuntaiaamut ovat parasta, mitä tiedän.',
      'Teen paljon töitä, mutta osaan nauttia pienistä asioista.',
    ],
    seeking: ['Etsin jotakuta, joka saa minut nauramaan.', 'Toivon tapaavani aidon ihmisen, jolla on pilkettä silmäkulmassa.', 'Etsin kipinää, ja katsotaan, mihin se vie.', 'Lähdetäänkö yhdessä tutustumaan kaupungin parhaisiin paikkoihin?', 'Avoin hauskoille treffeille ja sille, mitä niistä seuraa.', 'Etsin läheisyyttä, hyviä keskusteluja ja vähän perhosia vatsaan.'],
    closer: ['Laita rohkeasti viestiä!', 'Uskallatko ottaa ensimmäisen askeleen?', 'Heräsikö uteliaisuus?', 'Kahville ensin?', 'En pure… yleensä 😉'],
  },
};
