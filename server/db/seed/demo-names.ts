/**
 * First names for demo members, per locale and gender. Popular names across several
 * birth decades, so a 25-year-old and a 60-year-old both get a plausible name.
 */
export type DemoLocale = 'da' | 'de' | 'en' | 'es' | 'fi' | 'fr' | 'it' | 'nb' | 'nl' | 'pl' | 'sv';
export type DemoGender = 'female' | 'male';

const list = (names: string): string[] => names.trim().split(/\s*,\s*/);

export const FIRST_NAMES: Record<DemoLocale, Record<DemoGender, string[]>> = {
  nl: {
    female: list(`Emma, Julia, Sophie, Lotte, Sanne, Femke, Anouk, Lisa, Eva, Fleur, Iris, Noor, Tess, Sara, Mila, Esther,
      Marieke, Ingrid, Annemiek, Linda, Monique, Petra, Wendy, Mirjam, Karin, Ilse, Yvonne, Nicole, Kim, Manon, Roos, Lieke,
      Evi, Saskia, Marloes, Joyce, Chantal, Hanneke, Els, Bianca, Naomi, Floor`),
    male: list(`Daan, Lars, Bram, Sem, Thijs, Jesse, Ruben, Tim, Niels, Joris, Bas, Stijn, Koen, Jeroen, Martijn, Wouter,
      Sander, Erik, Maarten, Pieter, Dennis, Mark, Robert, Hans, Peter, Henk, Jan, Gerard, Frank, Marco, Rick, Luuk,
      Jasper, Tom, Gijs, Arjen, Remco, Vincent, Willem, Joost, Sven, Hugo`),
  },
  de: {
    female: list(`Anna, Lena, Laura, Julia, Lea, Sarah, Hannah, Lisa, Katharina, Johanna, Marie, Sophie, Nina, Jana, Carina,
      Sabine, Petra, Andrea, Claudia, Susanne, Birgit, Nicole, Stefanie, Kerstin, Manuela, Tanja, Martina, Heike, Silke,
      Anja, Melanie, Daniela, Jessica, Vanessa, Franziska, Miriam, Ute, Gabriele, Monika, Bettina, Ines, Carola`),
    male: list(`Lukas, Jonas, Leon, Felix, Maximilian, Paul, Niklas, Tobias, Florian, Sebastian, Alexander, Jan, Tim, Moritz,
      Philipp, Stefan, Michael, Thomas, Andreas, Markus, Christian, Matthias, Frank, Jürgen, Uwe, Ralf, Dirk, Torsten,
      Sven, Oliver, Daniel, Marco, Dennis, Patrick, Benjamin, Fabian, Manfred, Klaus, Wolfgang, Holger, Jens, Kai`),
  },
  en: {
    female: list(`Olivia, Emily, Sophie, Charlotte, Amelia, Grace, Jessica, Hannah, Lucy, Chloe, Ella, Megan, Rebecca, Laura,
      Emma, Sarah, Rachel, Kate, Claire, Nicola, Joanne, Karen, Michelle, Lisa, Amanda, Jennifer, Ashley, Madison, Taylor,
      Brittany, Samantha, Victoria, Natalie, Zoe, Holly, Abigail, Hayley, Siobhan, Aoife, Niamh, Isla, Ruby`),
    male: list(`Oliver, Jack, Harry, George, James, William, Thomas, Daniel, Matthew, Ryan, Luke, Adam, Callum, Jamie, Liam,
      Connor, Ethan, Noah, Michael, David, Chris, Mark, Paul, Steven, Andrew, Richard, Gary, Kevin, Brian, Jason, Tyler,
      Brandon, Justin, Josh, Nathan, Sean, Ciaran, Declan, Rory, Finn, Lachlan, Mason`),
  },
  es: {
    female: list(`Lucía, María, Paula, Laura, Marta, Sara, Andrea, Carmen, Ana, Elena, Cristina, Alba, Claudia, Irene,
      Nerea, Raquel, Patricia, Beatriz, Rocío, Silvia, Pilar, Isabel, Noelia, Sonia, Lorena, Natalia, Julia, Carla,
      Marina, Inés, Eva, Alicia, Rosa, Mercedes, Lola, Aitana, Candela, Ainhoa, Begoña, Montse`),
    male: list(`Hugo, Pablo, Alejandro, Daniel, Javier, David, Carlos, Sergio, Adrián, Álvaro, Diego, Jorge, Manuel,
      Antonio, José, Francisco, Juan, Miguel, Raúl, Rubén, Iván, Óscar, Fernando, Luis, Alberto, Rafael, Pedro,
      Andrés, Marcos, Mario, Gonzalo, Iker, Unai, Jordi, Xavier, Ángel, Víctor, Roberto, Enrique, Nacho`),
  },
  fi: {
    female: list(`Aino, Emma, Sofia, Aada, Ella, Helmi, Venla, Iida, Linnea, Saara, Emilia, Anni, Laura, Johanna, Maria,
      Hanna, Katja, Minna, Riikka, Satu, Tiina, Sanna, Heidi, Jenni, Kaisa, Marjo, Päivi, Anu, Eveliina, Noora, Milla,
      Elina, Outi, Tuula, Pirjo, Leena, Suvi, Veera, Henna, Krista`),
    male: list(`Eino, Leo, Väinö, Onni, Elias, Oliver, Aleksi, Juho, Mikko, Janne, Antti, Jukka, Matti, Timo, Pekka,
      Sami, Ville, Tuomas, Lauri, Eero, Joni, Teemu, Jari, Kari, Petri, Markku, Heikki, Harri, Olli, Ari, Toni, Niko,
      Otto, Aapo, Jussi, Risto, Esa, Kalle, Ilkka, Tapio`),
  },
  fr: {
    female: list(`Emma, Léa, Chloé, Manon, Camille, Inès, Jade, Louise, Sarah, Clara, Julie, Laura, Marie, Pauline,
      Charlotte, Mathilde, Anaïs, Océane, Élodie, Céline, Nathalie, Isabelle, Sandrine, Sophie, Valérie, Stéphanie,
      Aurélie, Émilie, Caroline, Virginie, Christelle, Sylvie, Audrey, Margaux, Juliette, Lucie, Amandine, Florence,
      Mélanie, Agathe`),
    male: list(`Lucas, Hugo, Louis, Gabriel, Arthur, Jules, Thomas, Nicolas, Julien, Maxime, Alexandre, Antoine,
      Romain, Kevin, Pierre, Guillaume, Sébastien, Mathieu, Olivier, Laurent, Stéphane, David, Christophe, Philippe,
      Frédéric, Éric, Patrick, Vincent, Benoît, Jérôme, Cédric, Damien, Florian, Quentin, Adrien, Baptiste, Théo,
      Raphaël, Clément, Xavier`),
  },
  it: {
    female: list(`Giulia, Sofia, Aurora, Alice, Ginevra, Emma, Giorgia, Martina, Chiara, Francesca, Sara, Federica,
      Valentina, Alessia, Elisa, Silvia, Laura, Paola, Elena, Roberta, Monica, Barbara, Cristina, Simona, Daniela,
      Claudia, Serena, Michela, Ilaria, Beatrice, Camilla, Veronica, Anna, Marta, Noemi, Lucia, Rosa, Gabriella,
      Antonella, Manuela`),
    male: list(`Leonardo, Francesco, Alessandro, Lorenzo, Mattia, Andrea, Matteo, Gabriele, Riccardo, Tommaso, Marco,
      Luca, Giuseppe, Giovanni, Antonio, Roberto, Stefano, Paolo, Massimo, Davide, Simone, Federico, Fabio, Daniele,
      Claudio, Alberto, Emanuele, Nicola, Michele, Salvatore, Vincenzo, Pietro, Enrico, Diego, Edoardo, Filippo,
      Giacomo, Alessio, Cristian, Dario`),
  },
  nb: {
    female: list(`Nora, Emma, Ella, Sofie, Olivia, Ingrid, Leah, Sara, Maja, Thea, Ida, Julie, Hanna, Silje, Marte,
      Kristine, Camilla, Ingvild, Hilde, Kari, Anne, Marianne, Linda, Tone, Heidi, Elisabeth, Maria, Guro, Siri,
      Kaja, Tuva, Frida, Astrid, Solveig, Randi, Line, Mari, Vilde, Sunniva, Ragnhild`),
    male: list(`Jakob, Emil, Noah, Oliver, Filip, William, Lucas, Henrik, Magnus, Sander, Martin, Andreas, Kristian,
      Eirik, Thomas, Ole, Lars, Jon, Espen, Morten, Knut, Trond, Geir, Bjørn, Tor, Stian, Håkon, Sindre, Vegard,
      Øyvind, Anders, Petter, Even, Aksel, Sigurd, Jørgen, Halvor, Kjetil, Rune, Tobias`),
  },
  pl: {
    female: list(`Zuzanna, Julia, Maja, Zofia, Hanna, Lena, Alicja, Maria, Amelia, Oliwia, Aleksandra, Natalia,
      Wiktoria, Karolina, Katarzyna, Magdalena, Agnieszka, Anna, Joanna, Monika, Ewa, Małgorzata, Barbara, Dorota,
      Beata, Justyna, Paulina, Marta, Kinga, Sylwia, Iwona, Renata, Patrycja, Weronika, Kamila, Emilia, Gabriela,
      Izabela, Edyta, Aneta`),
    male: list(`Antoni, Jan, Jakub, Aleksander, Franciszek, Szymon, Filip, Mikołaj, Wojciech, Kacper, Mateusz, Michał,
      Piotr, Tomasz, Paweł, Marcin, Krzysztof, Łukasz, Grzegorz, Adam, Marek, Andrzej, Rafał, Dariusz, Robert,
      Sebastian, Bartosz, Damian, Kamil, Dawid, Maciej, Przemysław, Artur, Jarosław, Wiktor, Igor, Hubert, Patryk,
      Oskar, Zbigniew`),
  },
  sv: {
    female: list(`Alice, Maja, Elsa, Astrid, Wilma, Ebba, Saga, Alva, Ella, Vera, Agnes, Freja, Linnéa, Ida, Emma,
      Sara, Hanna, Johanna, Sofia, Anna, Lena, Karin, Maria, Eva, Kristina, Malin, Jenny, Camilla, Therese, Frida,
      Matilda, Elin, Louise, Annika, Ulrika, Helena, Cecilia, Lisa, Moa, Tova`),
    male: list(`William, Liam, Noah, Hugo, Lucas, Oscar, Elias, Axel, Viktor, Filip, Erik, Anders, Johan, Lars, Per,
      Karl, Mikael, Fredrik, Magnus, Daniel, Henrik, Jonas, Niklas, Mattias, Andreas, Stefan, Peter, Björn, Gustav,
      Emil, Oskar, Anton, Simon, Jesper, Linus, Sebastian, Tobias, Marcus, Olof, Ludvig`),
  },
  da: {
    female: list(`Emma, Ida, Clara, Freja, Alma, Ella, Sofia, Anna, Laura, Karla, Mathilde, Josefine, Cecilie, Camilla,
      Maria, Louise, Mette, Hanne, Susanne, Pia, Lene, Tina, Charlotte, Helle, Rikke, Line, Trine, Maja, Nanna,
      Sofie, Signe, Astrid, Katrine, Stine, Malene, Birgitte, Dorthe, Karina, Lærke, Frida`),
    male: list(`William, Noah, Oscar, Lucas, Carl, Victor, Malthe, Emil, Magnus, Frederik, Mads, Rasmus, Mikkel,
      Jonas, Christian, Martin, Søren, Henrik, Lars, Jesper, Anders, Thomas, Peter, Jens, Morten, Kasper, Nikolaj,
      Andreas, Simon, Mathias, Jakob, Kristian, Bo, Ole, Torben, Niels, Steffen, Rune, Jeppe, Troels`),
  },
};

export interface DemoCity {
  region: string;
  city: string;
  /** Rough relative population, so big cities get more members. */
  weight: number;
}

/**
 * Towns per region code (the codes of server/domain/reference/regions.ts), written as
 * "REGION City name weight; ...". Every region of every served country has at least one
 * town, so a search by region never comes back empty on demo data.
 */
const CITY_TABLE: Record<string, string> = {
  NL: `NH Amsterdam 9; NH Haarlem 2; ZH Rotterdam 6; ZH Den Haag 5; ZH Leiden 2; UT Utrecht 4; UT Amersfoort 2; NB Eindhoven 3;
    NB Tilburg 2; NB Breda 2; GR Groningen 2; GE Nijmegen 2; GE Arnhem 2; OV Enschede 2; OV Zwolle 1; LI Maastricht 1;
    FR Leeuwarden 1; DR Assen 1; FL Almere 2; ZE Middelburg 1`,
  BE: `VAN Antwerpen 5; VAN Mechelen 1; VOV Gent 3; VWV Brugge 2; VBR Leuven 2; VLI Hasselt 1; BRU Brussel 6; WHT Charleroi 2;
    WHT Mons 1; WLG Liège 3; WNA Namur 1; WBR Wavre 1; WLX Arlon 1`,
  LU: `LU Luxembourg 5; ES Esch-sur-Alzette 2; ES Differdange 1; CA Mamer 1; DI Diekirch 1; EC Echternach 1; GR Grevenmacher 1;
    ME Mersch 1; RD Redange 1; RM Remich 1; VD Vianden 1; WI Wiltz 1; CL Clervaux 1`,
  DE: `BE Berlin 9; HH Hamburg 6; BY München 6; BY Nürnberg 2; BY Augsburg 1; NW Köln 5; NW Düsseldorf 3; NW Dortmund 3; NW Essen 3;
    NW Münster 2; HE Frankfurt am Main 4; HE Wiesbaden 1; BW Stuttgart 4; BW Karlsruhe 2; BW Freiburg 2; NI Hannover 3;
    NI Braunschweig 1; SN Leipzig 3; SN Dresden 3; HB Bremen 2; TH Erfurt 1; TH Jena 1; ST Magdeburg 1; ST Halle 1;
    BB Potsdam 1; MV Rostock 1; SH Kiel 1; SH Lübeck 1; RP Mainz 1; SL Saarbrücken 1`,
  AT: `9 Wien 8; 6 Graz 3; 4 Linz 2; 5 Salzburg 2; 7 Innsbruck 2; 2 Klagenfurt 1; 8 Bregenz 1; 3 St. Pölten 1; 1 Eisenstadt 1`,
  CH: `ZH Zürich 5; ZH Winterthur 2; GE Genève 4; BS Basel 3; BL Liestal 1; BE Bern 3; BE Biel 1; VD Lausanne 3; LU Luzern 2;
    SG St. Gallen 2; TI Lugano 2; AG Aarau 1; AR Herisau 1; AI Appenzell 1; FR Fribourg 1; GL Glarus 1; GR Chur 1; JU Delémont 1;
    NE Neuchâtel 1; NW Stans 1; OW Sarnen 1; SH Schaffhausen 1; SZ Schwyz 1; SO Solothurn 1; TG Frauenfeld 1; UR Altdorf 1;
    VS Sion 1; ZG Zug 1`,
  DK: `84 København 8; 84 Hillerød 1; 82 Aarhus 4; 82 Herning 1; 83 Odense 3; 83 Esbjerg 2; 81 Aalborg 2; 85 Roskilde 1; 85 Næstved 1`,
  SE: `AB Stockholm 9; O Göteborg 5; M Malmö 4; M Lund 2; C Uppsala 2; E Linköping 2; E Norrköping 1; T Örebro 2; U Västerås 2;
    F Jönköping 1; AC Umeå 1; D Eskilstuna 1; N Halmstad 1; G Växjö 1; K Karlskrona 1; H Kalmar 1; S Karlstad 1; W Falun 1;
    X Gävle 1; Y Sundsvall 1; Z Östersund 1; BD Luleå 1; I Visby 1`,
  NO: `03 Oslo 9; 46 Bergen 4; 50 Trondheim 3; 11 Stavanger 3; 32 Lillestrøm 2; 42 Kristiansand 2; 31 Fredrikstad 1; 33 Drammen 2;
    39 Tønsberg 1; 40 Skien 1; 34 Hamar 1; 15 Ålesund 1; 18 Bodø 1; 55 Tromsø 1; 56 Alta 1`,
  FI: `18 Helsinki 8; 18 Espoo 3; 18 Vantaa 2; 11 Tampere 3; 19 Turku 2; 14 Oulu 2; 08 Jyväskylä 2; 16 Lahti 1; 15 Kuopio 1;
    17 Pori 1; 13 Joensuu 1; 02 Lappeenranta 1; 06 Hämeenlinna 1; 09 Kotka 1; 12 Vaasa 1; 03 Seinäjoki 1; 04 Mikkeli 1;
    05 Kajaani 1; 07 Kokkola 1; 10 Rovaniemi 1; 01 Mariehamn 1`,
  FR: `IDF Paris 9; IDF Versailles 1; ARA Lyon 4; ARA Grenoble 2; PAC Marseille 4; PAC Nice 3; OCC Toulouse 3; OCC Montpellier 2;
    NAQ Bordeaux 3; PDL Nantes 3; GES Strasbourg 2; GES Reims 1; HDF Lille 3; HDF Amiens 1; BRE Rennes 2; BRE Brest 1;
    NOR Rouen 2; NOR Caen 1; BFC Dijon 1; BFC Besançon 1; CVL Tours 1; CVL Orléans 1; COR Ajaccio 1; RE Saint-Denis 1;
    GP Pointe-à-Pitre 1; MQ Fort-de-France 1; GF Cayenne 1; YT Mamoudzou 1`,
  IT: `62 Roma 8; 25 Milano 7; 25 Bergamo 1; 25 Brescia 1; 72 Napoli 4; 21 Torino 4; 82 Palermo 3; 82 Catania 2; 42 Genova 2;
    45 Bologna 3; 45 Parma 1; 52 Firenze 3; 52 Pisa 1; 75 Bari 2; 34 Venezia 2; 34 Verona 2; 34 Padova 2; 88 Cagliari 1;
    78 Reggio Calabria 1; 36 Trieste 1; 32 Trento 1; 55 Perugia 1; 57 Ancona 1; 65 Pescara 1; 67 Campobasso 1;
    77 Potenza 1; 23 Aosta 1`,
  ES: `MD Madrid 9; CT Barcelona 7; CT Girona 1; VC Valencia 4; VC Alicante 2; AN Sevilla 3; AN Málaga 3; AN Granada 2;
    AR Zaragoza 2; PV Bilbao 2; PV Donostia 1; IB Palma 2; CN Las Palmas 2; CN Santa Cruz de Tenerife 1; MC Murcia 2;
    GA Vigo 2; GA A Coruña 1; CL Valladolid 2; CL Salamanca 1; AS Oviedo 1; AS Gijón 1; NC Pamplona 1; CB Santander 1;
    CM Toledo 1; CM Albacete 1; EX Badajoz 1; RI Logroño 1; CE Ceuta 1; ML Melilla 1`,
  PL: `14 Warszawa 8; 12 Kraków 4; 10 Łódź 3; 02 Wrocław 3; 30 Poznań 3; 22 Gdańsk 3; 22 Gdynia 1; 32 Szczecin 2; 04 Bydgoszcz 2;
    04 Toruń 1; 06 Lublin 2; 24 Katowice 2; 24 Gliwice 1; 20 Białystok 1; 18 Rzeszów 1; 28 Olsztyn 1; 26 Kielce 1;
    16 Opole 1; 08 Zielona Góra 1`,
  GB: `LDN London 9; NW Manchester 4; NW Liverpool 3; WM Birmingham 4; WM Coventry 1; YH Leeds 3; YH Sheffield 2; YH York 1;
    NE Newcastle upon Tyne 2; NE Sunderland 1; EM Nottingham 2; EM Leicester 2; EE Cambridge 1; EE Norwich 1; SE Brighton 2;
    SE Oxford 1; SE Reading 1; SW Bristol 2; SW Exeter 1; WLS Cardiff 2; WLS Swansea 1; SCT Glasgow 3; SCT Edinburgh 3;
    SCT Aberdeen 1; NIR Belfast 2`,
  IE: `D Dublin 9; CO Cork 3; G Galway 2; LK Limerick 2; WD Waterford 1; KE Naas 1; MH Navan 1; LH Drogheda 1; KK Kilkenny 1;
    WX Wexford 1; WW Bray 1; CW Carlow 1; CN Cavan 1; CE Ennis 1; DL Letterkenny 1; KY Tralee 1; LS Portlaoise 1;
    LM Carrick-on-Shannon 1; LD Longford 1; MO Castlebar 1; MN Monaghan 1; OY Tullamore 1; RN Roscommon 1; SO Sligo 1;
    TA Clonmel 1; WH Athlone 1`,
  US: `NY New York 9; CA Los Angeles 7; CA San Francisco 4; CA San Diego 3; IL Chicago 5; TX Houston 4; TX Austin 3; TX Dallas 3;
    AZ Phoenix 3; PA Philadelphia 3; FL Miami 3; FL Orlando 2; WA Seattle 3; MA Boston 3; CO Denver 3; GA Atlanta 3;
    DC Washington 2; OR Portland 2; NV Las Vegas 2; MN Minneapolis 2; MI Detroit 2; NC Charlotte 2; TN Nashville 2;
    OH Columbus 2; MD Baltimore 1; MO St. Louis 1; WI Milwaukee 1; NJ Jersey City 1; VA Richmond 1; IN Indianapolis 1;
    LA New Orleans 1; UT Salt Lake City 1; KY Louisville 1; OK Oklahoma City 1; CT Hartford 1; SC Charleston 1;
    AL Birmingham 1; AK Anchorage 1; AR Little Rock 1; DE Wilmington 1; HI Honolulu 1; ID Boise 1; IA Des Moines 1;
    KS Wichita 1; ME Portland 1; MS Jackson 1; MT Missoula 1; NE Omaha 1; NH Manchester 1; NM Albuquerque 1; ND Fargo 1;
    RI Providence 1; SD Sioux Falls 1; VT Burlington 1; WV Charleston 1; WY Cheyenne 1`,
  CA: `ON Toronto 8; ON Ottawa 3; QC Montréal 6; QC Québec 2; BC Vancouver 5; BC Victoria 1; AB Calgary 3; AB Edmonton 3;
    MB Winnipeg 2; SK Saskatoon 1; NS Halifax 1; NB Moncton 1; NL St. John's 1; PE Charlottetown 1; NT Yellowknife 1;
    YT Whitehorse 1; NU Iqaluit 1`,
  AU: `NSW Sydney 8; NSW Newcastle 1; VIC Melbourne 8; QLD Brisbane 5; QLD Gold Coast 2; WA Perth 4; SA Adelaide 3;
    ACT Canberra 1; TAS Hobart 1; NT Darwin 1`,
  NZ: `AUK Auckland 8; WGN Wellington 3; CAN Christchurch 3; WKO Hamilton 2; BOP Tauranga 2; OTA Dunedin 1; OTA Queenstown 1;
    MWT Palmerston North 1; HKB Napier 1; NSN Nelson 1; NTL Whangārei 1; TKI New Plymouth 1; STL Invercargill 1;
    GIS Gisborne 1; MBH Blenheim 1; TAS Richmond 1; WTC Greymouth 1`,
};

function parseCities(table: string): DemoCity[] {
  return table
    .split(';')
    .map((entry) => entry.trim().split(/\s+/))
    .map((parts) => ({ region: parts[0]!, city: parts.slice(1, -1).join(' '), weight: Number(parts.at(-1)) }));
}

export const DEMO_CITIES: Record<string, DemoCity[]> = Object.fromEntries(
  Object.entries(CITY_TABLE).map(([country, table]) => [country, parseCities(table)]),
);

/**
 * Relative share of each country on a multi-country site: the square root of the
 * population (millions), so the US does not drown out the European countries.
 */
export const COUNTRY_WEIGHTS: Record<string, number> = {
  NL: 4.2, BE: 3.4, LU: 1, DE: 9.2, AT: 3, CH: 3, DK: 2.4, SE: 3.2, NO: 2.3, FI: 2.3,
  FR: 8.2, IT: 7.7, ES: 6.9, PL: 6.1, GB: 8.2, IE: 2.3, US: 18.3, CA: 6.3, AU: 5.1, NZ: 2.3,
};
